from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.test_page_result_status import TestPageResultStatus

T = TypeVar("T", bound="TestPageResult")


@_attrs_define
class TestPageResult:
    """
    Attributes:
        status (TestPageResultStatus):
        error (None | str): Why the test page failed (an HTTP status, a refused address...)
    """

    status: TestPageResultStatus
    error: None | str

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        error: None | str
        error = self.error

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "error": error,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        status = TestPageResultStatus(d.pop("status"))

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        test_page_result = cls(
            status=status,
            error=error,
        )

        return test_page_result
