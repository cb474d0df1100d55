from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.create_heartbeat_body_severity import CreateHeartbeatBodySeverity
from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateHeartbeatBody")


@_attrs_define
class CreateHeartbeatBody:
    """
    Attributes:
        name (str):
        integration_id (UUID): The integration a lapse opens its incident through: its routing rules, escalation policy,
            silences and maintenance windows apply as to any of its alerts. One of the organization's integrations (422
            otherwise)
        period_seconds (int): How often the heartbeat expects a ping, in seconds (5 s to 31 days)
        description (None | str | Unset): Added to the lapse incident: what stopped and what to check
        grace_seconds (int | Unset): How long past the period a ping may be late before the heartbeat lapses, in seconds
            Default: 60.
        severity (CreateHeartbeatBodySeverity | Unset): The lapse alert's severity Default:
            CreateHeartbeatBodySeverity.CRITICAL.
        title (None | str | Unset): The incident title on a lapse; null: `Heartbeat "<name>" missed`
        alert_name (str | Unset): The Alertmanager alert (`labels.alertname`) that counts as a ping when an Alertmanager
            webhook payload is posted to the ping URL (firing only) Default: 'Watchdog'.
    """

    name: str
    integration_id: UUID
    period_seconds: int
    description: None | str | Unset = UNSET
    grace_seconds: int | Unset = 60
    severity: CreateHeartbeatBodySeverity | Unset = CreateHeartbeatBodySeverity.CRITICAL
    title: None | str | Unset = UNSET
    alert_name: str | Unset = "Watchdog"

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        integration_id = str(self.integration_id)

        period_seconds = self.period_seconds

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        grace_seconds = self.grace_seconds

        severity: str | Unset = UNSET
        if not isinstance(self.severity, Unset):
            severity = self.severity.value

        title: None | str | Unset
        if isinstance(self.title, Unset):
            title = UNSET
        else:
            title = self.title

        alert_name = self.alert_name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "integration_id": integration_id,
                "period_seconds": period_seconds,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description
        if grace_seconds is not UNSET:
            field_dict["grace_seconds"] = grace_seconds
        if severity is not UNSET:
            field_dict["severity"] = severity
        if title is not UNSET:
            field_dict["title"] = title
        if alert_name is not UNSET:
            field_dict["alert_name"] = alert_name

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        integration_id = UUID(d.pop("integration_id"))

        period_seconds = d.pop("period_seconds")

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        grace_seconds = d.pop("grace_seconds", UNSET)

        _severity = d.pop("severity", UNSET)
        severity: CreateHeartbeatBodySeverity | Unset
        if isinstance(_severity, Unset):
            severity = UNSET
        else:
            severity = CreateHeartbeatBodySeverity(_severity)

        def _parse_title(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        title = _parse_title(d.pop("title", UNSET))

        alert_name = d.pop("alert_name", UNSET)

        create_heartbeat_body = cls(
            name=name,
            integration_id=integration_id,
            period_seconds=period_seconds,
            description=description,
            grace_seconds=grace_seconds,
            severity=severity,
            title=title,
            alert_name=alert_name,
        )

        return create_heartbeat_body
