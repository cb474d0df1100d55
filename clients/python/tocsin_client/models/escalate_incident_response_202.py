from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.escalate_incident_response_202_meta import EscalateIncidentResponse202Meta
    from ..models.incident_escalation import IncidentEscalation


T = TypeVar("T", bound="EscalateIncidentResponse202")


@_attrs_define
class EscalateIncidentResponse202:
    """
    Attributes:
        data (IncidentEscalation):
        meta (EscalateIncidentResponse202Meta):
    """

    data: IncidentEscalation
    meta: EscalateIncidentResponse202Meta

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
        from ..models.escalate_incident_response_202_meta import EscalateIncidentResponse202Meta  # noqa: PLC0415
        from ..models.incident_escalation import IncidentEscalation  # noqa: PLC0415

        d = dict(src_dict)
        data = IncidentEscalation.from_dict(d.pop("data"))

        meta = EscalateIncidentResponse202Meta.from_dict(d.pop("meta"))

        escalate_incident_response_202 = cls(
            data=data,
            meta=meta,
        )

        return escalate_incident_response_202
