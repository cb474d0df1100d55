from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="VerifyContactMethodInput")


@_attrs_define
class VerifyContactMethodInput:
    """
    Attributes:
        code (str): The code the channel delivered (15 minutes, 5 tries)
    """

    code: str

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "code": code,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = d.pop("code")

        verify_contact_method_input = cls(
            code=code,
        )

        return verify_contact_method_input
