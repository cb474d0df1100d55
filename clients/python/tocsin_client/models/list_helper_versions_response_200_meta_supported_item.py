from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.list_helper_versions_response_200_meta_supported_item_arch import (
    ListHelperVersionsResponse200MetaSupportedItemArch,
)
from ..models.list_helper_versions_response_200_meta_supported_item_os import (
    ListHelperVersionsResponse200MetaSupportedItemOs,
)

T = TypeVar("T", bound="ListHelperVersionsResponse200MetaSupportedItem")


@_attrs_define
class ListHelperVersionsResponse200MetaSupportedItem:
    """
    Attributes:
        os (ListHelperVersionsResponse200MetaSupportedItemOs):
        arch (ListHelperVersionsResponse200MetaSupportedItemArch):
    """

    os: ListHelperVersionsResponse200MetaSupportedItemOs
    arch: ListHelperVersionsResponse200MetaSupportedItemArch

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
        os = ListHelperVersionsResponse200MetaSupportedItemOs(d.pop("os"))

        arch = ListHelperVersionsResponse200MetaSupportedItemArch(d.pop("arch"))

        list_helper_versions_response_200_meta_supported_item = cls(
            os=os,
            arch=arch,
        )

        return list_helper_versions_response_200_meta_supported_item
