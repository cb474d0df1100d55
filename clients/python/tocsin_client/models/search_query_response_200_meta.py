from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.search_query_response_200_meta_mode import SearchQueryResponse200MetaMode

T = TypeVar("T", bound="SearchQueryResponse200Meta")


@_attrs_define
class SearchQueryResponse200Meta:
    """
    Attributes:
        mode (SearchQueryResponse200MetaMode):
        total (int):
        took_ms (int):
    """

    mode: SearchQueryResponse200MetaMode
    total: int
    took_ms: int

    def to_dict(self) -> dict[str, Any]:
        mode = self.mode.value

        total = self.total

        took_ms = self.took_ms

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "mode": mode,
                "total": total,
                "took_ms": took_ms,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        mode = SearchQueryResponse200MetaMode(d.pop("mode"))

        total = d.pop("total")

        took_ms = d.pop("took_ms")

        search_query_response_200_meta = cls(
            mode=mode,
            total=total,
            took_ms=took_ms,
        )

        return search_query_response_200_meta
