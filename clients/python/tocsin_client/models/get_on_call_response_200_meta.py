from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="GetOnCallResponse200Meta")


@_attrs_define
class GetOnCallResponse200Meta:
    """
    Attributes:
        at (datetime.datetime): ISO 8601 UTC timestamp
    """

    at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        at = self.at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "at": at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        at = datetime.datetime.fromisoformat(d.pop("at"))

        get_on_call_response_200_meta = cls(
            at=at,
        )

        return get_on_call_response_200_meta
