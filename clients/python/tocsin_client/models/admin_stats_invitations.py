from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="AdminStatsInvitations")


@_attrs_define
class AdminStatsInvitations:
    """
    Attributes:
        pending (int):
    """

    pending: int

    def to_dict(self) -> dict[str, Any]:
        pending = self.pending

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "pending": pending,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        pending = d.pop("pending")

        admin_stats_invitations = cls(
            pending=pending,
        )

        return admin_stats_invitations
