from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.alert_summary import AlertSummary
    from ..models.preview_silence_response_200_data_open_incidents_item import (
        PreviewSilenceResponse200DataOpenIncidentsItem,
    )


T = TypeVar("T", bound="PreviewSilenceResponse200Data")


@_attrs_define
class PreviewSilenceResponse200Data:
    """
    Attributes:
        open_incidents (list[PreviewSilenceResponse200DataOpenIncidentsItem]): Open incidents whose labels, severity,
            source and integration match (at most 100)
        open_incidents_total (int):
        recent_alerts (list[AlertSummary]): Alerts of the last 24 hours that match, newest first (at most 100)
        recent_alerts_total (int):
    """

    open_incidents: list[PreviewSilenceResponse200DataOpenIncidentsItem]
    open_incidents_total: int
    recent_alerts: list[AlertSummary]
    recent_alerts_total: int

    def to_dict(self) -> dict[str, Any]:
        open_incidents = []
        for open_incidents_item_data in self.open_incidents:
            open_incidents_item = open_incidents_item_data.to_dict()
            open_incidents.append(open_incidents_item)

        open_incidents_total = self.open_incidents_total

        recent_alerts = []
        for recent_alerts_item_data in self.recent_alerts:
            recent_alerts_item = recent_alerts_item_data.to_dict()
            recent_alerts.append(recent_alerts_item)

        recent_alerts_total = self.recent_alerts_total

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "open_incidents": open_incidents,
                "open_incidents_total": open_incidents_total,
                "recent_alerts": recent_alerts,
                "recent_alerts_total": recent_alerts_total,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.alert_summary import AlertSummary  # noqa: PLC0415
        from ..models.preview_silence_response_200_data_open_incidents_item import (
            PreviewSilenceResponse200DataOpenIncidentsItem,  # noqa: PLC0415
        )

        d = dict(src_dict)
        open_incidents = []
        _open_incidents = d.pop("open_incidents")
        for open_incidents_item_data in _open_incidents:
            open_incidents_item = PreviewSilenceResponse200DataOpenIncidentsItem.from_dict(open_incidents_item_data)

            open_incidents.append(open_incidents_item)

        open_incidents_total = d.pop("open_incidents_total")

        recent_alerts = []
        _recent_alerts = d.pop("recent_alerts")
        for recent_alerts_item_data in _recent_alerts:
            recent_alerts_item = AlertSummary.from_dict(recent_alerts_item_data)

            recent_alerts.append(recent_alerts_item)

        recent_alerts_total = d.pop("recent_alerts_total")

        preview_silence_response_200_data = cls(
            open_incidents=open_incidents,
            open_incidents_total=open_incidents_total,
            recent_alerts=recent_alerts,
            recent_alerts_total=recent_alerts_total,
        )

        return preview_silence_response_200_data
