from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.schedule_shifts_layers_item_shifts_item import ScheduleShiftsLayersItemShiftsItem


T = TypeVar("T", bound="ScheduleShiftsLayersItem")


@_attrs_define
class ScheduleShiftsLayersItem:
    """
    Attributes:
        index (int):
        shifts (list[ScheduleShiftsLayersItemShiftsItem]):
    """

    index: int
    shifts: list[ScheduleShiftsLayersItemShiftsItem]

    def to_dict(self) -> dict[str, Any]:
        index = self.index

        shifts = []
        for shifts_item_data in self.shifts:
            shifts_item = shifts_item_data.to_dict()
            shifts.append(shifts_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "index": index,
                "shifts": shifts,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.schedule_shifts_layers_item_shifts_item import ScheduleShiftsLayersItemShiftsItem  # noqa: PLC0415

        d = dict(src_dict)
        index = d.pop("index")

        shifts = []
        _shifts = d.pop("shifts")
        for shifts_item_data in _shifts:
            shifts_item = ScheduleShiftsLayersItemShiftsItem.from_dict(shifts_item_data)

            shifts.append(shifts_item)

        schedule_shifts_layers_item = cls(
            index=index,
            shifts=shifts,
        )

        return schedule_shifts_layers_item
