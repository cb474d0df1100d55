from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="FlappingSettings")


@_attrs_define
class FlappingSettings:
    """
    Attributes:
        threshold (int): More reopenings than this within the window is flapping
        window_minutes (int): The window, and the flapping period: an alert within it of its incident resolving reopens
            that incident; a flapping incident pages once per period
    """

    threshold: int
    window_minutes: int

    def to_dict(self) -> dict[str, Any]:
        threshold = self.threshold

        window_minutes = self.window_minutes

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "threshold": threshold,
                "window_minutes": window_minutes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        threshold = d.pop("threshold")

        window_minutes = d.pop("window_minutes")

        flapping_settings = cls(
            threshold=threshold,
            window_minutes=window_minutes,
        )

        return flapping_settings
