from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="SnoozeIncidentBody")


@_attrs_define
class SnoozeIncidentBody:
    """
    Attributes:
        duration (int): How long to snooze, in seconds: from 60 (a minute) to 86400 (a day)
    """

    duration: int

    def to_dict(self) -> dict[str, Any]:
        duration = self.duration

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "duration": duration,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        duration = d.pop("duration")

        snooze_incident_body = cls(
            duration=duration,
        )

        return snooze_incident_body
