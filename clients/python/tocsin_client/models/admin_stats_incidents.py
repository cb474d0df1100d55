from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="AdminStatsIncidents")


@_attrs_define
class AdminStatsIncidents:
    """
    Attributes:
        total (int):
        open_ (int):
    """

    total: int
    open_: int

    def to_dict(self) -> dict[str, Any]:
        total = self.total

        open_ = self.open_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "total": total,
                "open": open_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        total = d.pop("total")

        open_ = d.pop("open")

        admin_stats_incidents = cls(
            total=total,
            open_=open_,
        )

        return admin_stats_incidents
