from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.admin_stats import AdminStats
    from ..models.get_admin_stats_response_200_meta import GetAdminStatsResponse200Meta


T = TypeVar("T", bound="GetAdminStatsResponse200")


@_attrs_define
class GetAdminStatsResponse200:
    """
    Attributes:
        data (AdminStats):
        meta (GetAdminStatsResponse200Meta):
    """

    data: AdminStats
    meta: GetAdminStatsResponse200Meta

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
        from ..models.admin_stats import AdminStats  # noqa: PLC0415
        from ..models.get_admin_stats_response_200_meta import GetAdminStatsResponse200Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = AdminStats.from_dict(d.pop("data"))

        meta = GetAdminStatsResponse200Meta.from_dict(d.pop("meta"))

        get_admin_stats_response_200 = cls(
            data=data,
            meta=meta,
        )

        return get_admin_stats_response_200
