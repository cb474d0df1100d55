from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="TestMappingResultDataRejectedItem")


@_attrs_define
class TestMappingResultDataRejectedItem:
    """
    Attributes:
        index (int):
        field (str):
        reason (str):
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

        test_mapping_result_data_rejected_item = cls(
            index=index,
            field=field,
            reason=reason,
        )

        return test_mapping_result_data_rejected_item
