from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.get_incident_escalation_response_200_meta import GetIncidentEscalationResponse200Meta
    from ..models.incident_escalation import IncidentEscalation


T = TypeVar("T", bound="GetIncidentEscalationResponse200")


@_attrs_define
class GetIncidentEscalationResponse200:
    """
    Attributes:
        data (IncidentEscalation):
        meta (GetIncidentEscalationResponse200Meta):
    """

    data: IncidentEscalation
    meta: GetIncidentEscalationResponse200Meta

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
        from ..models.get_incident_escalation_response_200_meta import GetIncidentEscalationResponse200Meta  # noqa: PLC0415
        from ..models.incident_escalation import IncidentEscalation  # noqa: PLC0415

        d = dict(src_dict)
        data = IncidentEscalation.from_dict(d.pop("data"))

        meta = GetIncidentEscalationResponse200Meta.from_dict(d.pop("meta"))

        get_incident_escalation_response_200 = cls(
            data=data,
            meta=meta,
        )

        return get_incident_escalation_response_200
