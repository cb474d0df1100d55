from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ListTeamsResponse200Meta")


@_attrs_define
class ListTeamsResponse200Meta:
    """
    Attributes:
        total (int):
        limit (int):
        offset (int):
    """

    total: int
    limit: int
    offset: int

    def to_dict(self) -> dict[str, Any]:
        total = self.total

        limit = self.limit

        offset = self.offset

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "total": total,
                "limit": limit,
                "offset": offset,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        total = d.pop("total")

        limit = d.pop("limit")

        offset = d.pop("offset")

        list_teams_response_200_meta = cls(
            total=total,
            limit=limit,
            offset=offset,
        )

        return list_teams_response_200_meta
