from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="AdminStatsAuditEvents")


@_attrs_define
class AdminStatsAuditEvents:
    """
    Attributes:
        total (int):
        last_24h (int):
    """

    total: int
    last_24h: int

    def to_dict(self) -> dict[str, Any]:
        total = self.total

        last_24h = self.last_24h

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "total": total,
                "last_24h": last_24h,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        total = d.pop("total")

        last_24h = d.pop("last_24h")

        admin_stats_audit_events = cls(
            total=total,
            last_24h=last_24h,
        )

        return admin_stats_audit_events
