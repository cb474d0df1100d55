from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.status_page_summary_incidents_item_updates_item_kind import StatusPageSummaryIncidentsItemUpdatesItemKind

T = TypeVar("T", bound="StatusPageSummaryIncidentsItemUpdatesItem")


@_attrs_define
class StatusPageSummaryIncidentsItemUpdatesItem:
    """
    Attributes:
        id (UUID):
        kind (StatusPageSummaryIncidentsItemUpdatesItemKind): Where the incident stands: investigating, identified,
            monitoring or resolved
        body (str):
        created_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    id: UUID
    kind: StatusPageSummaryIncidentsItemUpdatesItemKind
    body: str
    created_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        kind = self.kind.value

        body = self.body

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "kind": kind,
                "body": body,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        kind = StatusPageSummaryIncidentsItemUpdatesItemKind(d.pop("kind"))

        body = d.pop("body")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        status_page_summary_incidents_item_updates_item = cls(
            id=id,
            kind=kind,
            body=body,
            created_at=created_at,
        )

        return status_page_summary_incidents_item_updates_item
