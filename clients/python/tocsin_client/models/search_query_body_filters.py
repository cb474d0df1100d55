from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.search_query_body_filters_severity import SearchQueryBodyFiltersSeverity
from ..models.search_query_body_filters_status import SearchQueryBodyFiltersStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="SearchQueryBodyFilters")


@_attrs_define
class SearchQueryBodyFilters:
    """
    Attributes:
        severity (SearchQueryBodyFiltersSeverity | Unset):
        status (SearchQueryBodyFiltersStatus | Unset):
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):
    """

    severity: SearchQueryBodyFiltersSeverity | Unset = UNSET
    status: SearchQueryBodyFiltersStatus | Unset = UNSET
    created_after: datetime.datetime | Unset = UNSET
    created_before: datetime.datetime | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        severity: str | Unset = UNSET
        if not isinstance(self.severity, Unset):
            severity = self.severity.value

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value

        created_after: str | Unset = UNSET
        if not isinstance(self.created_after, Unset):
            created_after = self.created_after.isoformat()

        created_before: str | Unset = UNSET
        if not isinstance(self.created_before, Unset):
            created_before = self.created_before.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if severity is not UNSET:
            field_dict["severity"] = severity
        if status is not UNSET:
            field_dict["status"] = status
        if created_after is not UNSET:
            field_dict["created_after"] = created_after
        if created_before is not UNSET:
            field_dict["created_before"] = created_before

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _severity = d.pop("severity", UNSET)
        severity: SearchQueryBodyFiltersSeverity | Unset
        if isinstance(_severity, Unset):
            severity = UNSET
        else:
            severity = SearchQueryBodyFiltersSeverity(_severity)

        _status = d.pop("status", UNSET)
        status: SearchQueryBodyFiltersStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = SearchQueryBodyFiltersStatus(_status)

        _created_after = d.pop("created_after", UNSET)
        created_after: datetime.datetime | Unset
        if isinstance(_created_after, Unset):
            created_after = UNSET
        else:
            created_after = datetime.datetime.fromisoformat(_created_after)

        _created_before = d.pop("created_before", UNSET)
        created_before: datetime.datetime | Unset
        if isinstance(_created_before, Unset):
            created_before = UNSET
        else:
            created_before = datetime.datetime.fromisoformat(_created_before)

        search_query_body_filters = cls(
            severity=severity,
            status=status,
            created_after=created_after,
            created_before=created_before,
        )

        return search_query_body_filters
