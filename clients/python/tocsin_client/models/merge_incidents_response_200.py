from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.merge_incidents_response_200_meta import MergeIncidentsResponse200Meta
    from ..models.merge_incidents_result import MergeIncidentsResult


T = TypeVar("T", bound="MergeIncidentsResponse200")


@_attrs_define
class MergeIncidentsResponse200:
    """
    Attributes:
        data (MergeIncidentsResult):
        meta (MergeIncidentsResponse200Meta):
    """

    data: MergeIncidentsResult
    meta: MergeIncidentsResponse200Meta

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
        from ..models.merge_incidents_response_200_meta import MergeIncidentsResponse200Meta  # noqa: PLC0415
        from ..models.merge_incidents_result import MergeIncidentsResult  # noqa: PLC0415

        d = dict(src_dict)
        data = MergeIncidentsResult.from_dict(d.pop("data"))

        meta = MergeIncidentsResponse200Meta.from_dict(d.pop("meta"))

        merge_incidents_response_200 = cls(
            data=data,
            meta=meta,
        )

        return merge_incidents_response_200
