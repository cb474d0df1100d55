from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.status_page_summary_status import StatusPageSummaryStatus

if TYPE_CHECKING:
    from ..models.status_page_summary_components_item import StatusPageSummaryComponentsItem
    from ..models.status_page_summary_incidents_item import StatusPageSummaryIncidentsItem
    from ..models.status_page_summary_maintenances_item import StatusPageSummaryMaintenancesItem


T = TypeVar("T", bound="StatusPageSummary")


@_attrs_define
class StatusPageSummary:
    """
    Attributes:
        slug (str):
        title (str):
        status (StatusPageSummaryStatus):
        status_text (str):
        updated_at (datetime.datetime): ISO 8601 UTC timestamp
        components (list[StatusPageSummaryComponentsItem]):
        incidents (list[StatusPageSummaryIncidentsItem]):
        maintenances (list[StatusPageSummaryMaintenancesItem]):
    """

    slug: str
    title: str
    status: StatusPageSummaryStatus
    status_text: str
    updated_at: datetime.datetime
    components: list[StatusPageSummaryComponentsItem]
    incidents: list[StatusPageSummaryIncidentsItem]
    maintenances: list[StatusPageSummaryMaintenancesItem]

    def to_dict(self) -> dict[str, Any]:
        slug = self.slug

        title = self.title

        status = self.status.value

        status_text = self.status_text

        updated_at = self.updated_at.isoformat()

        components = []
        for components_item_data in self.components:
            components_item = components_item_data.to_dict()
            components.append(components_item)

        incidents = []
        for incidents_item_data in self.incidents:
            incidents_item = incidents_item_data.to_dict()
            incidents.append(incidents_item)

        maintenances = []
        for maintenances_item_data in self.maintenances:
            maintenances_item = maintenances_item_data.to_dict()
            maintenances.append(maintenances_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "slug": slug,
                "title": title,
                "status": status,
                "status_text": status_text,
                "updated_at": updated_at,
                "components": components,
                "incidents": incidents,
                "maintenances": maintenances,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.status_page_summary_components_item import StatusPageSummaryComponentsItem  # noqa: PLC0415
        from ..models.status_page_summary_incidents_item import StatusPageSummaryIncidentsItem  # noqa: PLC0415
        from ..models.status_page_summary_maintenances_item import StatusPageSummaryMaintenancesItem  # noqa: PLC0415

        d = dict(src_dict)
        slug = d.pop("slug")

        title = d.pop("title")

        status = StatusPageSummaryStatus(d.pop("status"))

        status_text = d.pop("status_text")

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        components = []
        _components = d.pop("components")
        for components_item_data in _components:
            components_item = StatusPageSummaryComponentsItem.from_dict(components_item_data)

            components.append(components_item)

        incidents = []
        _incidents = d.pop("incidents")
        for incidents_item_data in _incidents:
            incidents_item = StatusPageSummaryIncidentsItem.from_dict(incidents_item_data)

            incidents.append(incidents_item)

        maintenances = []
        _maintenances = d.pop("maintenances")
        for maintenances_item_data in _maintenances:
            maintenances_item = StatusPageSummaryMaintenancesItem.from_dict(maintenances_item_data)

            maintenances.append(maintenances_item)

        status_page_summary = cls(
            slug=slug,
            title=title,
            status=status,
            status_text=status_text,
            updated_at=updated_at,
            components=components,
            incidents=incidents,
            maintenances=maintenances,
        )

        return status_page_summary
