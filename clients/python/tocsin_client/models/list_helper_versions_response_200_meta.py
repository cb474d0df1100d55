from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.list_helper_versions_response_200_meta_supported_item import (
        ListHelperVersionsResponse200MetaSupportedItem,
    )


T = TypeVar("T", bound="ListHelperVersionsResponse200Meta")


@_attrs_define
class ListHelperVersionsResponse200Meta:
    """
    Attributes:
        total (int):
        cli_version (str): The tocsin CLI version every build is of
        supported (list[ListHelperVersionsResponse200MetaSupportedItem]): Every platform a build can exist for
    """

    total: int
    cli_version: str
    supported: list[ListHelperVersionsResponse200MetaSupportedItem]

    def to_dict(self) -> dict[str, Any]:
        total = self.total

        cli_version = self.cli_version

        supported = []
        for supported_item_data in self.supported:
            supported_item = supported_item_data.to_dict()
            supported.append(supported_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "total": total,
                "cli_version": cli_version,
                "supported": supported,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.list_helper_versions_response_200_meta_supported_item import (
            ListHelperVersionsResponse200MetaSupportedItem,  # noqa: PLC0415
        )

        d = dict(src_dict)
        total = d.pop("total")

        cli_version = d.pop("cli_version")

        supported = []
        _supported = d.pop("supported")
        for supported_item_data in _supported:
            supported_item = ListHelperVersionsResponse200MetaSupportedItem.from_dict(supported_item_data)

            supported.append(supported_item)

        list_helper_versions_response_200_meta = cls(
            total=total,
            cli_version=cli_version,
            supported=supported,
        )

        return list_helper_versions_response_200_meta
