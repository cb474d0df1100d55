from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.get_incident_response_200_meta import GetIncidentResponse200Meta
    from ..models.incident_detail import IncidentDetail


T = TypeVar("T", bound="GetIncidentResponse200")


@_attrs_define
class GetIncidentResponse200:
    """
    Attributes:
        data (IncidentDetail):
        meta (GetIncidentResponse200Meta):
    """

    data: IncidentDetail
    meta: GetIncidentResponse200Meta

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
        from ..models.get_incident_response_200_meta import GetIncidentResponse200Meta  # noqa: PLC0415
        from ..models.incident_detail import IncidentDetail  # noqa: PLC0415

        d = dict(src_dict)
        data = IncidentDetail.from_dict(d.pop("data"))

        meta = GetIncidentResponse200Meta.from_dict(d.pop("meta"))

        get_incident_response_200 = cls(
            data=data,
            meta=meta,
        )

        return get_incident_response_200
