from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="StatusPageSummaryMaintenancesItem")


@_attrs_define
class StatusPageSummaryMaintenancesItem:
    """
    Attributes:
        id (UUID):
        description (str):
        starts_at (datetime.datetime): ISO 8601 UTC timestamp
        ends_at (datetime.datetime): ISO 8601 UTC timestamp
        in_progress (bool):
        components (list[str]):
    """

    id: UUID
    description: str
    starts_at: datetime.datetime
    ends_at: datetime.datetime
    in_progress: bool
    components: list[str]

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        description = self.description

        starts_at = self.starts_at.isoformat()

        ends_at = self.ends_at.isoformat()

        in_progress = self.in_progress

        components = self.components

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "description": description,
                "starts_at": starts_at,
                "ends_at": ends_at,
                "in_progress": in_progress,
                "components": components,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        description = d.pop("description")

        starts_at = datetime.datetime.fromisoformat(d.pop("starts_at"))

        ends_at = datetime.datetime.fromisoformat(d.pop("ends_at"))

        in_progress = d.pop("in_progress")

        components = cast(list[str], d.pop("components"))

        status_page_summary_maintenances_item = cls(
            id=id,
            description=description,
            starts_at=starts_at,
            ends_at=ends_at,
            in_progress=in_progress,
            components=components,
        )

        return status_page_summary_maintenances_item
