from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.ungroup_incident_alert_response_201_meta import UngroupIncidentAlertResponse201Meta
    from ..models.ungrouped_alert import UngroupedAlert


T = TypeVar("T", bound="UngroupIncidentAlertResponse201")


@_attrs_define
class UngroupIncidentAlertResponse201:
    """
    Attributes:
        data (UngroupedAlert):
        meta (UngroupIncidentAlertResponse201Meta):
    """

    data: UngroupedAlert
    meta: UngroupIncidentAlertResponse201Meta

    def to_dict(self) -> dict[str, Any]:
        data = self.data.to_dict()

        meta = self.meta.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "data": data,
                "meta": meta,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ungroup_incident_alert_response_201_meta import UngroupIncidentAlertResponse201Meta  # noqa: PLC0415
        from ..models.ungrouped_alert import UngroupedAlert  # noqa: PLC0415

        d = dict(src_dict)
        data = UngroupedAlert.from_dict(d.pop("data"))

        meta = UngroupIncidentAlertResponse201Meta.from_dict(d.pop("meta"))

        ungroup_incident_alert_response_201 = cls(
            data=data,
            meta=meta,
        )

        return ungroup_incident_alert_response_201
