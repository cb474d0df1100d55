from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.heartbeat_severity import HeartbeatSeverity
from ..models.heartbeat_status import HeartbeatStatus

T = TypeVar("T", bound="Heartbeat")


@_attrs_define
class Heartbeat:
    """
    Attributes:
        id (UUID):
        name (str):
        description (None | str):
        integration_id (UUID):
        period_seconds (int):
        grace_seconds (int):
        severity (HeartbeatSeverity):
        title (None | str):
        alert_name (str):
        status (HeartbeatStatus): `up`: pinged within its period and grace (or not yet due); `down`: lapsed, its
            incident opened, until the next ping
        last_ping_at (datetime.datetime | None):
        next_deadline_at (datetime.datetime): When it lapses unless pinged first: the last ping (else creation) + period
            + grace
        lapsed_at (datetime.datetime | None): When it last lapsed
        lapse_count (int):
        created_at (datetime.datetime): ISO 8601 UTC timestamp
        updated_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    id: UUID
    name: str
    description: None | str
    integration_id: UUID
    period_seconds: int
    grace_seconds: int
    severity: HeartbeatSeverity
    title: None | str
    alert_name: str
    status: HeartbeatStatus
    last_ping_at: datetime.datetime | None
    next_deadline_at: datetime.datetime
    lapsed_at: datetime.datetime | None
    lapse_count: int
    created_at: datetime.datetime
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        name = self.name

        description: None | str
        description = self.description

        integration_id = str(self.integration_id)

        period_seconds = self.period_seconds

        grace_seconds = self.grace_seconds

        severity = self.severity.value

        title: None | str
        title = self.title

        alert_name = self.alert_name

        status = self.status.value

        last_ping_at: None | str
        if isinstance(self.last_ping_at, datetime.datetime):
            last_ping_at = self.last_ping_at.isoformat()
        else:
            last_ping_at = self.last_ping_at

        next_deadline_at = self.next_deadline_at.isoformat()

        lapsed_at: None | str
        if isinstance(self.lapsed_at, datetime.datetime):
            lapsed_at = self.lapsed_at.isoformat()
        else:
            lapsed_at = self.lapsed_at

        lapse_count = self.lapse_count

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "description": description,
                "integration_id": integration_id,
                "period_seconds": period_seconds,
                "grace_seconds": grace_seconds,
                "severity": severity,
                "title": title,
                "alert_name": alert_name,
                "status": status,
                "last_ping_at": last_ping_at,
                "next_deadline_at": next_deadline_at,
                "lapsed_at": lapsed_at,
                "lapse_count": lapse_count,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        name = d.pop("name")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        integration_id = UUID(d.pop("integration_id"))

        period_seconds = d.pop("period_seconds")

        grace_seconds = d.pop("grace_seconds")

        severity = HeartbeatSeverity(d.pop("severity"))

        def _parse_title(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        title = _parse_title(d.pop("title"))

        alert_name = d.pop("alert_name")

        status = HeartbeatStatus(d.pop("status"))

        def _parse_last_ping_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_ping_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_ping_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_ping_at = _parse_last_ping_at(d.pop("last_ping_at"))

        next_deadline_at = datetime.datetime.fromisoformat(d.pop("next_deadline_at"))

        def _parse_lapsed_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                lapsed_at_type_0 = datetime.datetime.fromisoformat(data)

                return lapsed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        lapsed_at = _parse_lapsed_at(d.pop("lapsed_at"))

        lapse_count = d.pop("lapse_count")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        heartbeat = cls(
            id=id,
            name=name,
            description=description,
            integration_id=integration_id,
            period_seconds=period_seconds,
            grace_seconds=grace_seconds,
            severity=severity,
            title=title,
            alert_name=alert_name,
            status=status,
            last_ping_at=last_ping_at,
            next_deadline_at=next_deadline_at,
            lapsed_at=lapsed_at,
            lapse_count=lapse_count,
            created_at=created_at,
            updated_at=updated_at,
        )

        return heartbeat
