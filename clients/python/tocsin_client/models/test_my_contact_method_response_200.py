from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.test_my_contact_method_response_200_meta import TestMyContactMethodResponse200Meta
    from ..models.test_page_result import TestPageResult


T = TypeVar("T", bound="TestMyContactMethodResponse200")


@_attrs_define
class TestMyContactMethodResponse200:
    """
    Attributes:
        data (TestPageResult):
        meta (TestMyContactMethodResponse200Meta):
    """

    data: TestPageResult
    meta: TestMyContactMethodResponse200Meta

    def to_dict(self) -> dict[str, Any]:
        data = self.data.to_dict()

        meta = self.meta.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "data": data,
                "meta": meta,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.test_my_contact_method_response_200_meta import TestMyContactMethodResponse200Meta  # noqa: PLC0415
        from ..models.test_page_result import TestPageResult  # noqa: PLC0415

        d = dict(src_dict)
        data = TestPageResult.from_dict(d.pop("data"))

        meta = TestMyContactMethodResponse200Meta.from_dict(d.pop("meta"))

        test_my_contact_method_response_200 = cls(
            data=data,
            meta=meta,
        )

        return test_my_contact_method_response_200
