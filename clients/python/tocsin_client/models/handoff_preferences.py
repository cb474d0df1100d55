from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="HandoffPreferences")


@_attrs_define
class HandoffPreferences:
    """
    Attributes:
        handoff_notice_minutes (int | None): Told this many minutes before each of your on-call shifts starts; null: not
            told
        notify_on_shift_end (bool): Told when each of your on-call shifts ends
    """

    handoff_notice_minutes: int | None
    notify_on_shift_end: bool

    def to_dict(self) -> dict[str, Any]:
        handoff_notice_minutes: int | None
        handoff_notice_minutes = self.handoff_notice_minutes

        notify_on_shift_end = self.notify_on_shift_end

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "handoff_notice_minutes": handoff_notice_minutes,
                "notify_on_shift_end": notify_on_shift_end,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_handoff_notice_minutes(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        handoff_notice_minutes = _parse_handoff_notice_minutes(d.pop("handoff_notice_minutes"))

        notify_on_shift_end = d.pop("notify_on_shift_end")

        handoff_preferences = cls(
            handoff_notice_minutes=handoff_notice_minutes,
            notify_on_shift_end=notify_on_shift_end,
        )

        return handoff_preferences
