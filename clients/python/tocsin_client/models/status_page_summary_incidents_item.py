from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.status_page_summary_incidents_item_impact import StatusPageSummaryIncidentsItemImpact
from ..models.status_page_summary_incidents_item_status import StatusPageSummaryIncidentsItemStatus

if TYPE_CHECKING:
    from ..models.status_page_summary_incidents_item_updates_item import StatusPageSummaryIncidentsItemUpdatesItem


T = TypeVar("T", bound="StatusPageSummaryIncidentsItem")


@_attrs_define
class StatusPageSummaryIncidentsItem:
    """
    Attributes:
        id (UUID):
        name (str):
        impact (StatusPageSummaryIncidentsItemImpact):
        status (StatusPageSummaryIncidentsItemStatus): Where the incident stands: investigating, identified, monitoring
            or resolved
        resolved (bool):
        started_at (datetime.datetime): ISO 8601 UTC timestamp
        components (list[str]):
        updates (list[StatusPageSummaryIncidentsItemUpdatesItem]):
    """

    id: UUID
    name: str
    impact: StatusPageSummaryIncidentsItemImpact
    status: StatusPageSummaryIncidentsItemStatus
    resolved: bool
    started_at: datetime.datetime
    components: list[str]
    updates: list[StatusPageSummaryIncidentsItemUpdatesItem]

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        name = self.name

        impact = self.impact.value

        status = self.status.value

        resolved = self.resolved

        started_at = self.started_at.isoformat()

        components = self.components

        updates = []
        for updates_item_data in self.updates:
            updates_item = updates_item_data.to_dict()
            updates.append(updates_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "impact": impact,
                "status": status,
                "resolved": resolved,
                "started_at": started_at,
                "components": components,
                "updates": updates,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.status_page_summary_incidents_item_updates_item import StatusPageSummaryIncidentsItemUpdatesItem  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        name = d.pop("name")

        impact = StatusPageSummaryIncidentsItemImpact(d.pop("impact"))

        status = StatusPageSummaryIncidentsItemStatus(d.pop("status"))

        resolved = d.pop("resolved")

        started_at = datetime.datetime.fromisoformat(d.pop("started_at"))

        components = cast(list[str], d.pop("components"))

        updates = []
        _updates = d.pop("updates")
        for updates_item_data in _updates:
            updates_item = StatusPageSummaryIncidentsItemUpdatesItem.from_dict(updates_item_data)

            updates.append(updates_item)

        status_page_summary_incidents_item = cls(
            id=id,
            name=name,
            impact=impact,
            status=status,
            resolved=resolved,
            started_at=started_at,
            components=components,
            updates=updates,
        )

        return status_page_summary_incidents_item
