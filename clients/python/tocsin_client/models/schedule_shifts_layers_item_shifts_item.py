from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="ScheduleShiftsLayersItemShiftsItem")


@_attrs_define
class ScheduleShiftsLayersItemShiftsItem:
    """
    Attributes:
        user_id (UUID):
        start (datetime.datetime): ISO 8601 UTC timestamp
        end (datetime.datetime): ISO 8601 UTC timestamp
    """

    user_id: UUID
    start: datetime.datetime
    end: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        user_id = str(self.user_id)

        start = self.start.isoformat()

        end = self.end.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "user_id": user_id,
                "start": start,
                "end": end,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        user_id = UUID(d.pop("user_id"))

        start = datetime.datetime.fromisoformat(d.pop("start"))

        end = datetime.datetime.fromisoformat(d.pop("end"))

        schedule_shifts_layers_item_shifts_item = cls(
            user_id=user_id,
            start=start,
            end=end,
        )

        return schedule_shifts_layers_item_shifts_item
