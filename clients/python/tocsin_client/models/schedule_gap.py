from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ScheduleGap")


@_attrs_define
class ScheduleGap:
    """
    Attributes:
        start (datetime.datetime): ISO 8601 UTC timestamp
        end (datetime.datetime): ISO 8601 UTC timestamp
    """

    start: datetime.datetime
    end: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        start = self.start.isoformat()

        end = self.end.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "start": start,
                "end": end,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        start = datetime.datetime.fromisoformat(d.pop("start"))

        end = datetime.datetime.fromisoformat(d.pop("end"))

        schedule_gap = cls(
            start=start,
            end=end,
        )

        return schedule_gap
