from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.list_incident_subscribers_response_200_meta import ListIncidentSubscribersResponse200Meta
    from ..models.status_subscriber import StatusSubscriber


T = TypeVar("T", bound="ListIncidentSubscribersResponse200")


@_attrs_define
class ListIncidentSubscribersResponse200:
    """
    Attributes:
        data (list[StatusSubscriber]):
        meta (ListIncidentSubscribersResponse200Meta):
    """

    data: list[StatusSubscriber]
    meta: ListIncidentSubscribersResponse200Meta

    def to_dict(self) -> dict[str, Any]:
        data = []
        for data_item_data in self.data:
            data_item = data_item_data.to_dict()
            data.append(data_item)

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
        from ..models.list_incident_subscribers_response_200_meta import ListIncidentSubscribersResponse200Meta  # noqa: PLC0415
        from ..models.status_subscriber import StatusSubscriber  # noqa: PLC0415

        d = dict(src_dict)
        data = []
        _data = d.pop("data")
        for data_item_data in _data:
            data_item = StatusSubscriber.from_dict(data_item_data)

            data.append(data_item)

        meta = ListIncidentSubscribersResponse200Meta.from_dict(d.pop("meta"))

        list_incident_subscribers_response_200 = cls(
            data=data,
            meta=meta,
        )

        return list_incident_subscribers_response_200
