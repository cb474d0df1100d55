from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.get_schedule_shifts_response_200_meta import GetScheduleShiftsResponse200Meta
    from ..models.schedule_shifts import ScheduleShifts


T = TypeVar("T", bound="GetScheduleShiftsResponse200")


@_attrs_define
class GetScheduleShiftsResponse200:
    """
    Attributes:
        data (ScheduleShifts):
        meta (GetScheduleShiftsResponse200Meta):
    """

    data: ScheduleShifts
    meta: GetScheduleShiftsResponse200Meta

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
        from ..models.get_schedule_shifts_response_200_meta import GetScheduleShiftsResponse200Meta  # noqa: PLC0415
        from ..models.schedule_shifts import ScheduleShifts  # noqa: PLC0415

        d = dict(src_dict)
        data = ScheduleShifts.from_dict(d.pop("data"))

        meta = GetScheduleShiftsResponse200Meta.from_dict(d.pop("meta"))

        get_schedule_shifts_response_200 = cls(
            data=data,
            meta=meta,
        )

        return get_schedule_shifts_response_200
