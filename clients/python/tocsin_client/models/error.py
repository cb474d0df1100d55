from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.error_code import ErrorCode
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.error_errors_item import ErrorErrorsItem


T = TypeVar("T", bound="Error")


@_attrs_define
class Error:
    """Every API error. `errors` lists field problems on 422.

    Attributes:
        detail (str):
        status_code (int):
        code (ErrorCode):
        request_id (str):
        errors (list[ErrorErrorsItem] | Unset):
    """

    detail: str
    status_code: int
    code: ErrorCode
    request_id: str
    errors: list[ErrorErrorsItem] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        detail = self.detail

        status_code = self.status_code

        code = self.code.value

        request_id = self.request_id

        errors: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.errors, Unset):
            errors = []
            for errors_item_data in self.errors:
                errors_item = errors_item_data.to_dict()
                errors.append(errors_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "detail": detail,
                "status_code": status_code,
                "code": code,
                "request_id": request_id,
            }
        )
        if errors is not UNSET:
            field_dict["errors"] = errors

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.error_errors_item import ErrorErrorsItem  # noqa: PLC0415

        d = dict(src_dict)
        detail = d.pop("detail")

        status_code = d.pop("status_code")

        code = ErrorCode(d.pop("code"))

        request_id = d.pop("request_id")

        _errors = d.pop("errors", UNSET)
        errors: list[ErrorErrorsItem] | Unset = UNSET
        if _errors is not UNSET:
            errors = []
            for errors_item_data in _errors:
                errors_item = ErrorErrorsItem.from_dict(errors_item_data)

                errors.append(errors_item)

        error = cls(
            detail=detail,
            status_code=status_code,
            code=code,
            request_id=request_id,
            errors=errors,
        )

        return error
