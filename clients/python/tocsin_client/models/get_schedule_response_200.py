from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.get_schedule_response_200_meta import GetScheduleResponse200Meta
    from ..models.schedule import Schedule


T = TypeVar("T", bound="GetScheduleResponse200")


@_attrs_define
class GetScheduleResponse200:
    """
    Attributes:
        data (Schedule):
        meta (GetScheduleResponse200Meta):
    """

    data: Schedule
    meta: GetScheduleResponse200Meta

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
        from ..models.get_schedule_response_200_meta import GetScheduleResponse200Meta  # noqa: PLC0415
        from ..models.schedule import Schedule  # noqa: PLC0415

        d = dict(src_dict)
        data = Schedule.from_dict(d.pop("data"))

        meta = GetScheduleResponse200Meta.from_dict(d.pop("meta"))

        get_schedule_response_200 = cls(
            data=data,
            meta=meta,
        )

        return get_schedule_response_200
