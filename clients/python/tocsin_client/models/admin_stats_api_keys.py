from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="AdminStatsApiKeys")


@_attrs_define
class AdminStatsApiKeys:
    """
    Attributes:
        active (int):
    """

    active: int

    def to_dict(self) -> dict[str, Any]:
        active = self.active

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "active": active,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        active = d.pop("active")

        admin_stats_api_keys = cls(
            active=active,
        )

        return admin_stats_api_keys
