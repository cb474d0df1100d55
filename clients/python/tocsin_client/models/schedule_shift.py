from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.schedule_shift_source import ScheduleShiftSource

T = TypeVar("T", bound="ScheduleShift")


@_attrs_define
class ScheduleShift:
    """
    Attributes:
        user_id (UUID):
        start (datetime.datetime): ISO 8601 UTC timestamp
        end (datetime.datetime): ISO 8601 UTC timestamp
        source (ScheduleShiftSource):
    """

    user_id: UUID
    start: datetime.datetime
    end: datetime.datetime
    source: ScheduleShiftSource

    def to_dict(self) -> dict[str, Any]:
        user_id = str(self.user_id)

        start = self.start.isoformat()

        end = self.end.isoformat()

        source = self.source.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "user_id": user_id,
                "start": start,
                "end": end,
                "source": source,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        user_id = UUID(d.pop("user_id"))

        start = datetime.datetime.fromisoformat(d.pop("start"))

        end = datetime.datetime.fromisoformat(d.pop("end"))

        source = ScheduleShiftSource(d.pop("source"))

        schedule_shift = cls(
            user_id=user_id,
            start=start,
            end=end,
            source=source,
        )

        return schedule_shift
