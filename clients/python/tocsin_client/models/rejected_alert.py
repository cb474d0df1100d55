from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="RejectedAlert")


@_attrs_define
class RejectedAlert:
    """
    Attributes:
        index (int): The alert's position in the payload (`alerts[index]`, `messages[index]`; 0 for a single-alert body)
        field (str): Path of the missing or invalid field, e.g. `alerts[1].labels.severity`
        reason (str): What is wrong, e.g. `alerts[1].labels.severity is required`
    """

    index: int
    field: str
    reason: str

    def to_dict(self) -> dict[str, Any]:
        index = self.index

        field = self.field

        reason = self.reason

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "index": index,
                "field": field,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        index = d.pop("index")

        field = d.pop("field")

        reason = d.pop("reason")

        rejected_alert = cls(
            index=index,
            field=field,
            reason=reason,
        )

        return rejected_alert
