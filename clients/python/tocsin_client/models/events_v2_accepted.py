from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="EventsV2Accepted")


@_attrs_define
class EventsV2Accepted:
    """
    Attributes:
        status (Literal['success']):
        message (str):
        dedup_key (str | Unset): The event's dedup key: the one sent, or the one generated for a trigger sent without
    """

    status: Literal["success"]
    message: str
    dedup_key: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        status = self.status

        message = self.message

        dedup_key = self.dedup_key

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "message": message,
            }
        )
        if dedup_key is not UNSET:
            field_dict["dedup_key"] = dedup_key

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        status = cast(Literal["success"], d.pop("status"))
        if status != "success":
            raise ValueError(f"status must match const 'success', got '{status}'")

        message = d.pop("message")

        dedup_key = d.pop("dedup_key", UNSET)

        events_v2_accepted = cls(
            status=status,
            message=message,
            dedup_key=dedup_key,
        )

        return events_v2_accepted
