from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.incident_link import IncidentLink
    from ..models.list_incident_links_response_200_meta import ListIncidentLinksResponse200Meta


T = TypeVar("T", bound="ListIncidentLinksResponse200")


@_attrs_define
class ListIncidentLinksResponse200:
    """
    Attributes:
        data (list[IncidentLink]):
        meta (ListIncidentLinksResponse200Meta):
    """

    data: list[IncidentLink]
    meta: ListIncidentLinksResponse200Meta

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
        from ..models.incident_link import IncidentLink  # noqa: PLC0415
        from ..models.list_incident_links_response_200_meta import ListIncidentLinksResponse200Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = []
        _data = d.pop("data")
        for data_item_data in _data:
            data_item = IncidentLink.from_dict(data_item_data)

            data.append(data_item)

        meta = ListIncidentLinksResponse200Meta.from_dict(d.pop("meta"))

        list_incident_links_response_200 = cls(
            data=data,
            meta=meta,
        )

        return list_incident_links_response_200
