from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.incident_merge import IncidentMerge
    from ..models.unmerge_incident_response_200_meta import UnmergeIncidentResponse200Meta


T = TypeVar("T", bound="UnmergeIncidentResponse200")


@_attrs_define
class UnmergeIncidentResponse200:
    """
    Attributes:
        data (IncidentMerge):
        meta (UnmergeIncidentResponse200Meta):
    """

    data: IncidentMerge
    meta: UnmergeIncidentResponse200Meta

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
        from ..models.incident_merge import IncidentMerge  # noqa: PLC0415
        from ..models.unmerge_incident_response_200_meta import UnmergeIncidentResponse200Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = IncidentMerge.from_dict(d.pop("data"))

        meta = UnmergeIncidentResponse200Meta.from_dict(d.pop("meta"))

        unmerge_incident_response_200 = cls(
            data=data,
            meta=meta,
        )

        return unmerge_incident_response_200
