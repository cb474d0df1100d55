from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.admin_stats_rate_limits_per_hour import AdminStatsRateLimitsPerHour


T = TypeVar("T", bound="AdminStatsRateLimits")


@_attrs_define
class AdminStatsRateLimits:
    """
    Attributes:
        plan (str):
        per_hour (AdminStatsRateLimitsPerHour):
    """

    plan: str
    per_hour: AdminStatsRateLimitsPerHour

    def to_dict(self) -> dict[str, Any]:
        plan = self.plan

        per_hour = self.per_hour.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "plan": plan,
                "per_hour": per_hour,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.admin_stats_rate_limits_per_hour import AdminStatsRateLimitsPerHour  # noqa: PLC0415

        d = dict(src_dict)
        plan = d.pop("plan")

        per_hour = AdminStatsRateLimitsPerHour.from_dict(d.pop("per_hour"))

        admin_stats_rate_limits = cls(
            plan=plan,
            per_hour=per_hour,
        )

        return admin_stats_rate_limits
