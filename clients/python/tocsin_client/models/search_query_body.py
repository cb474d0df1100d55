from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.search_query_body_mode import SearchQueryBodyMode
from ..models.search_query_body_types_item import SearchQueryBodyTypesItem
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.search_query_body_filters import SearchQueryBodyFilters


T = TypeVar("T", bound="SearchQueryBody")


@_attrs_define
class SearchQueryBody:
    """
    Attributes:
        query (str | Unset):
        error_log (str | Unset): A pasted error log; trimmed to its informative lines
        types (list[SearchQueryBodyTypesItem] | Unset): Default: incidents, procedures and articles
        mode (SearchQueryBodyMode | Unset):  Default: SearchQueryBodyMode.HYBRID.
        limit (int | Unset):  Default: 10.
        filters (SearchQueryBodyFilters | Unset):
    """

    query: str | Unset = UNSET
    error_log: str | Unset = UNSET
    types: list[SearchQueryBodyTypesItem] | Unset = UNSET
    mode: SearchQueryBodyMode | Unset = SearchQueryBodyMode.HYBRID
    limit: int | Unset = 10
    filters: SearchQueryBodyFilters | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        query = self.query

        error_log = self.error_log

        types: list[str] | Unset = UNSET
        if not isinstance(self.types, Unset):
            types = []
            for types_item_data in self.types:
                types_item = types_item_data.value
                types.append(types_item)

        mode: str | Unset = UNSET
        if not isinstance(self.mode, Unset):
            mode = self.mode.value

        limit = self.limit

        filters: dict[str, Any] | Unset = UNSET
        if not isinstance(self.filters, Unset):
            filters = self.filters.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if query is not UNSET:
            field_dict["query"] = query
        if error_log is not UNSET:
            field_dict["error_log"] = error_log
        if types is not UNSET:
            field_dict["types"] = types
        if mode is not UNSET:
            field_dict["mode"] = mode
        if limit is not UNSET:
            field_dict["limit"] = limit
        if filters is not UNSET:
            field_dict["filters"] = filters

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.search_query_body_filters import SearchQueryBodyFilters  # noqa: PLC0415

        d = dict(src_dict)
        query = d.pop("query", UNSET)

        error_log = d.pop("error_log", UNSET)

        _types = d.pop("types", UNSET)
        types: list[SearchQueryBodyTypesItem] | Unset = UNSET
        if _types is not UNSET:
            types = []
            for types_item_data in _types:
                types_item = SearchQueryBodyTypesItem(types_item_data)

                types.append(types_item)

        _mode = d.pop("mode", UNSET)
        mode: SearchQueryBodyMode | Unset
        if isinstance(_mode, Unset):
            mode = UNSET
        else:
            mode = SearchQueryBodyMode(_mode)

        limit = d.pop("limit", UNSET)

        _filters = d.pop("filters", UNSET)
        filters: SearchQueryBodyFilters | Unset
        if isinstance(_filters, Unset):
            filters = UNSET
        else:
            filters = SearchQueryBodyFilters.from_dict(_filters)

        search_query_body = cls(
            query=query,
            error_log=error_log,
            types=types,
            mode=mode,
            limit=limit,
            filters=filters,
        )

        return search_query_body
