from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.analytics import Analytics
    from ..models.get_analytics_response_200_meta import GetAnalyticsResponse200Meta


T = TypeVar("T", bound="GetAnalyticsResponse200")


@_attrs_define
class GetAnalyticsResponse200:
    """
    Attributes:
        data (Analytics):
        meta (GetAnalyticsResponse200Meta):
    """

    data: Analytics
    meta: GetAnalyticsResponse200Meta

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
        from ..models.analytics import Analytics  # noqa: PLC0415
        from ..models.get_analytics_response_200_meta import GetAnalyticsResponse200Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = Analytics.from_dict(d.pop("data"))

        meta = GetAnalyticsResponse200Meta.from_dict(d.pop("meta"))

        get_analytics_response_200 = cls(
            data=data,
            meta=meta,
        )

        return get_analytics_response_200
