from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.incident_escalation import IncidentEscalation
    from ..models.snooze_incident_response_200_meta import SnoozeIncidentResponse200Meta


T = TypeVar("T", bound="SnoozeIncidentResponse200")


@_attrs_define
class SnoozeIncidentResponse200:
    """
    Attributes:
        data (IncidentEscalation):
        meta (SnoozeIncidentResponse200Meta):
    """

    data: IncidentEscalation
    meta: SnoozeIncidentResponse200Meta

    def to_dict(self) -> dict[str, Any]:
        data = self.data.to_dict()

        meta = self.meta.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "data": data,
                "meta": meta,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.incident_escalation import IncidentEscalation  # noqa: PLC0415
        from ..models.snooze_incident_response_200_meta import SnoozeIncidentResponse200Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = IncidentEscalation.from_dict(d.pop("data"))

        meta = SnoozeIncidentResponse200Meta.from_dict(d.pop("meta"))

        snooze_incident_response_200 = cls(
            data=data,
            meta=meta,
        )

        return snooze_incident_response_200
