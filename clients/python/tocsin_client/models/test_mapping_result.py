from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.test_mapping_result_data import TestMappingResultData


T = TypeVar("T", bound="TestMappingResult")


@_attrs_define
class TestMappingResult:
    """
    Attributes:
        data (TestMappingResultData):
    """

    data: TestMappingResultData

    def to_dict(self) -> dict[str, Any]:
        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.test_mapping_result_data import TestMappingResultData  # noqa: PLC0415

        d = dict(src_dict)
        data = TestMappingResultData.from_dict(d.pop("data"))

        test_mapping_result = cls(
            data=data,
        )

        return test_mapping_result
