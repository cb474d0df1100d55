from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="EventsV2Invalid")


@_attrs_define
class EventsV2Invalid:
    """
    Attributes:
        status (Literal['invalid event']):
        message (Literal['Event object is invalid']):
        errors (list[str]):
    """

    status: Literal["invalid event"]
    message: Literal["Event object is invalid"]
    errors: list[str]

    def to_dict(self) -> dict[str, Any]:
        status = self.status

        message = self.message

        errors = self.errors

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "message": message,
                "errors": errors,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        status = cast(Literal["invalid event"], d.pop("status"))
        if status != "invalid event":
            raise ValueError(f"status must match const 'invalid event', got '{status}'")

        message = cast(Literal["Event object is invalid"], d.pop("message"))
        if message != "Event object is invalid":
            raise ValueError(f"message must match const 'Event object is invalid', got '{message}'")

        errors = cast(list[str], d.pop("errors"))

        events_v2_invalid = cls(
            status=status,
            message=message,
            errors=errors,
        )

        return events_v2_invalid
