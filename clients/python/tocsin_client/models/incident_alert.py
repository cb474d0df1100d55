from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.incident_alert_silenced_kind_type_0 import IncidentAlertSilencedKindType0
from ..models.incident_alert_status import IncidentAlertStatus

if TYPE_CHECKING:
    from ..models.incident_alert_labels import IncidentAlertLabels


T = TypeVar("T", bound="IncidentAlert")


@_attrs_define
class IncidentAlert:
    """
    Attributes:
        dedup_key (str): The alert's fingerprint (dedup key): one entry per key
        status (IncidentAlertStatus): The key's latest alert: still firing, or resolved
        title (str):
        labels (IncidentAlertLabels): The latest alert's labels
        silenced_kind (IncidentAlertSilencedKindType0 | None): Set when its latest alert was muted (it does not keep the
            incident open)
        alert_count (int): How many alerts of this key the incident holds
        last_received_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    dedup_key: str
    status: IncidentAlertStatus
    title: str
    labels: IncidentAlertLabels
    silenced_kind: IncidentAlertSilencedKindType0 | None
    alert_count: int
    last_received_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        dedup_key = self.dedup_key

        status = self.status.value

        title = self.title

        labels = self.labels.to_dict()

        silenced_kind: None | str
        if isinstance(self.silenced_kind, IncidentAlertSilencedKindType0):
            silenced_kind = self.silenced_kind.value
        else:
            silenced_kind = self.silenced_kind

        alert_count = self.alert_count

        last_received_at = self.last_received_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "dedup_key": dedup_key,
                "status": status,
                "title": title,
                "labels": labels,
                "silenced_kind": silenced_kind,
                "alert_count": alert_count,
                "last_received_at": last_received_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.incident_alert_labels import IncidentAlertLabels  # noqa: PLC0415

        d = dict(src_dict)
        dedup_key = d.pop("dedup_key")

        status = IncidentAlertStatus(d.pop("status"))

        title = d.pop("title")

        labels = IncidentAlertLabels.from_dict(d.pop("labels"))

        def _parse_silenced_kind(data: object) -> IncidentAlertSilencedKindType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                silenced_kind_type_0 = IncidentAlertSilencedKindType0(data)

                return silenced_kind_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(IncidentAlertSilencedKindType0 | None, data)

        silenced_kind = _parse_silenced_kind(d.pop("silenced_kind"))

        alert_count = d.pop("alert_count")

        last_received_at = datetime.datetime.fromisoformat(d.pop("last_received_at"))

        incident_alert = cls(
            dedup_key=dedup_key,
            status=status,
            title=title,
            labels=labels,
            silenced_kind=silenced_kind,
            alert_count=alert_count,
            last_received_at=last_received_at,
        )

        return incident_alert
