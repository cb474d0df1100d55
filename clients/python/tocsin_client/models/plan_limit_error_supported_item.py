from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PlanLimitErrorSupportedItem")


@_attrs_define
class PlanLimitErrorSupportedItem:
    """
    Attributes:
        os (str):
        arch (str):
    """

    os: str
    arch: str

    def to_dict(self) -> dict[str, Any]:
        os = self.os

        arch = self.arch

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "os": os,
                "arch": arch,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        os = d.pop("os")

        arch = d.pop("arch")

        plan_limit_error_supported_item = cls(
            os=os,
            arch=arch,
        )

        return plan_limit_error_supported_item
