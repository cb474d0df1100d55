from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.schedule_restriction_input_days_item import ScheduleRestrictionInputDaysItem
from ..types import UNSET, Unset

T = TypeVar("T", bound="ScheduleRestrictionInput")


@_attrs_define
class ScheduleRestrictionInput:
    """A window of the day in the schedule zone, e.g. weekdays 09:00-17:00

    Attributes:
        start (str): Local start of the window in the schedule zone
        end (str): Local end; at or before `start` runs into the next day, equal to `start` is a whole day
        days (list[ScheduleRestrictionInputDaysItem] | Unset): Weekdays the window starts on; every day when absent
    """

    start: str
    end: str
    days: list[ScheduleRestrictionInputDaysItem] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        start = self.start

        end = self.end

        days: list[str] | Unset = UNSET
        if not isinstance(self.days, Unset):
            days = []
            for days_item_data in self.days:
                days_item = days_item_data.value
                days.append(days_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "start": start,
                "end": end,
            }
        )
        if days is not UNSET:
            field_dict["days"] = days

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        start = d.pop("start")

        end = d.pop("end")

        _days = d.pop("days", UNSET)
        days: list[ScheduleRestrictionInputDaysItem] | Unset = UNSET
        if _days is not UNSET:
            days = []
            for days_item_data in _days:
                days_item = ScheduleRestrictionInputDaysItem(days_item_data)

                days.append(days_item)

        schedule_restriction_input = cls(
            start=start,
            end=end,
            days=days,
        )

        return schedule_restriction_input
