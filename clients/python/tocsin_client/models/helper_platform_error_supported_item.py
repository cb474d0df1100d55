from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.helper_platform_error_supported_item_arch import HelperPlatformErrorSupportedItemArch
from ..models.helper_platform_error_supported_item_os import HelperPlatformErrorSupportedItemOs

T = TypeVar("T", bound="HelperPlatformErrorSupportedItem")


@_attrs_define
class HelperPlatformErrorSupportedItem:
    """
    Attributes:
        os (HelperPlatformErrorSupportedItemOs):
        arch (HelperPlatformErrorSupportedItemArch):
    """

    os: HelperPlatformErrorSupportedItemOs
    arch: HelperPlatformErrorSupportedItemArch

    def to_dict(self) -> dict[str, Any]:
        os = self.os.value

        arch = self.arch.value

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
        os = HelperPlatformErrorSupportedItemOs(d.pop("os"))

        arch = HelperPlatformErrorSupportedItemArch(d.pop("arch"))

        helper_platform_error_supported_item = cls(
            os=os,
            arch=arch,
        )

        return helper_platform_error_supported_item
