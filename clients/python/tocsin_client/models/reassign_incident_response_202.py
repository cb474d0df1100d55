from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.reassign_incident_response_202_meta import ReassignIncidentResponse202Meta
    from ..models.reassignment import Reassignment


T = TypeVar("T", bound="ReassignIncidentResponse202")


@_attrs_define
class ReassignIncidentResponse202:
    """
    Attributes:
        data (Reassignment):
        meta (ReassignIncidentResponse202Meta):
    """

    data: Reassignment
    meta: ReassignIncidentResponse202Meta

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
        from ..models.reassign_incident_response_202_meta import ReassignIncidentResponse202Meta  # noqa: PLC0415
        from ..models.reassignment import Reassignment  # noqa: PLC0415

        d = dict(src_dict)
        data = Reassignment.from_dict(d.pop("data"))

        meta = ReassignIncidentResponse202Meta.from_dict(d.pop("meta"))

        reassign_incident_response_202 = cls(
            data=data,
            meta=meta,
        )

        return reassign_incident_response_202
