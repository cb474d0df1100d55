from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="UngroupedAlert")


@_attrs_define
class UngroupedAlert:
    """
    Attributes:
        incident_id (UUID): The new incident holding the alerts of this key
        from_incident_id (UUID):
        dedup_key (str):
        alert_count (int): Alerts moved
    """

    incident_id: UUID
    from_incident_id: UUID
    dedup_key: str
    alert_count: int

    def to_dict(self) -> dict[str, Any]:
        incident_id = str(self.incident_id)

        from_incident_id = str(self.from_incident_id)

        dedup_key = self.dedup_key

        alert_count = self.alert_count

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "incident_id": incident_id,
                "from_incident_id": from_incident_id,
                "dedup_key": dedup_key,
                "alert_count": alert_count,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        incident_id = UUID(d.pop("incident_id"))

        from_incident_id = UUID(d.pop("from_incident_id"))

        dedup_key = d.pop("dedup_key")

        alert_count = d.pop("alert_count")

        ungrouped_alert = cls(
            incident_id=incident_id,
            from_incident_id=from_incident_id,
            dedup_key=dedup_key,
            alert_count=alert_count,
        )

        return ungrouped_alert
