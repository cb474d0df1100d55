from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="AdminStatsIntegrations")


@_attrs_define
class AdminStatsIntegrations:
    """
    Attributes:
        total (int):
        enabled (int):
    """

    total: int
    enabled: int

    def to_dict(self) -> dict[str, Any]:
        total = self.total

        enabled = self.enabled

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "total": total,
                "enabled": enabled,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        total = d.pop("total")

        enabled = d.pop("enabled")

        admin_stats_integrations = cls(
            total=total,
            enabled=enabled,
        )

        return admin_stats_integrations
