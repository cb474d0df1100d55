from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.admin_stats_users_by_role import AdminStatsUsersByRole


T = TypeVar("T", bound="AdminStatsUsers")


@_attrs_define
class AdminStatsUsers:
    """
    Attributes:
        total (int):
        by_role (AdminStatsUsersByRole):
    """

    total: int
    by_role: AdminStatsUsersByRole

    def to_dict(self) -> dict[str, Any]:
        total = self.total

        by_role = self.by_role.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "total": total,
                "by_role": by_role,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.admin_stats_users_by_role import AdminStatsUsersByRole  # noqa: PLC0415

        d = dict(src_dict)
        total = d.pop("total")

        by_role = AdminStatsUsersByRole.from_dict(d.pop("by_role"))

        admin_stats_users = cls(
            total=total,
            by_role=by_role,
        )

        return admin_stats_users
