from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.status_subscriber import StatusSubscriber
    from ..models.subscribe_to_incident_response_201_meta import SubscribeToIncidentResponse201Meta


T = TypeVar("T", bound="SubscribeToIncidentResponse201")


@_attrs_define
class SubscribeToIncidentResponse201:
    """
    Attributes:
        data (StatusSubscriber):
        meta (SubscribeToIncidentResponse201Meta):
    """

    data: StatusSubscriber
    meta: SubscribeToIncidentResponse201Meta

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
        from ..models.status_subscriber import StatusSubscriber  # noqa: PLC0415
        from ..models.subscribe_to_incident_response_201_meta import SubscribeToIncidentResponse201Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = StatusSubscriber.from_dict(d.pop("data"))

        meta = SubscribeToIncidentResponse201Meta.from_dict(d.pop("meta"))

        subscribe_to_incident_response_201 = cls(
            data=data,
            meta=meta,
        )

        return subscribe_to_incident_response_201
