from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.refresh_schedule_layer_response_200_meta import RefreshScheduleLayerResponse200Meta
    from ..models.schedule import Schedule


T = TypeVar("T", bound="RefreshScheduleLayerResponse200")


@_attrs_define
class RefreshScheduleLayerResponse200:
    """
    Attributes:
        data (Schedule):
        meta (RefreshScheduleLayerResponse200Meta):
    """

    data: Schedule
    meta: RefreshScheduleLayerResponse200Meta

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
        from ..models.refresh_schedule_layer_response_200_meta import RefreshScheduleLayerResponse200Meta  # noqa: PLC0415
        from ..models.schedule import Schedule  # noqa: PLC0415

        d = dict(src_dict)
        data = Schedule.from_dict(d.pop("data"))

        meta = RefreshScheduleLayerResponse200Meta.from_dict(d.pop("meta"))

        refresh_schedule_layer_response_200 = cls(
            data=data,
            meta=meta,
        )

        return refresh_schedule_layer_response_200
