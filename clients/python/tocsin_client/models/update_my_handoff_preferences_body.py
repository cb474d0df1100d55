from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="UpdateMyHandoffPreferencesBody")


@_attrs_define
class UpdateMyHandoffPreferencesBody:
    """
    Attributes:
        handoff_notice_minutes (int | None | Unset): Told this many minutes before each of your on-call shifts starts;
            null: not told
        notify_on_shift_end (bool | Unset): Told when each of your on-call shifts ends
    """

    handoff_notice_minutes: int | None | Unset = UNSET
    notify_on_shift_end: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        handoff_notice_minutes: int | None | Unset
        if isinstance(self.handoff_notice_minutes, Unset):
            handoff_notice_minutes = UNSET
        else:
            handoff_notice_minutes = self.handoff_notice_minutes

        notify_on_shift_end = self.notify_on_shift_end

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if handoff_notice_minutes is not UNSET:
            field_dict["handoff_notice_minutes"] = handoff_notice_minutes
        if notify_on_shift_end is not UNSET:
            field_dict["notify_on_shift_end"] = notify_on_shift_end

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_handoff_notice_minutes(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        handoff_notice_minutes = _parse_handoff_notice_minutes(d.pop("handoff_notice_minutes", UNSET))

        notify_on_shift_end = d.pop("notify_on_shift_end", UNSET)

        update_my_handoff_preferences_body = cls(
            handoff_notice_minutes=handoff_notice_minutes,
            notify_on_shift_end=notify_on_shift_end,
        )

        return update_my_handoff_preferences_body
