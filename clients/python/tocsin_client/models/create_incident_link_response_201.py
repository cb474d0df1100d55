from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.create_incident_link_response_201_meta import CreateIncidentLinkResponse201Meta
    from ..models.incident_link import IncidentLink


T = TypeVar("T", bound="CreateIncidentLinkResponse201")


@_attrs_define
class CreateIncidentLinkResponse201:
    """
    Attributes:
        data (IncidentLink):
        meta (CreateIncidentLinkResponse201Meta):
    """

    data: IncidentLink
    meta: CreateIncidentLinkResponse201Meta

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
        from ..models.create_incident_link_response_201_meta import CreateIncidentLinkResponse201Meta  # noqa: PLC0415
        from ..models.incident_link import IncidentLink  # noqa: PLC0415

        d = dict(src_dict)
        data = IncidentLink.from_dict(d.pop("data"))

        meta = CreateIncidentLinkResponse201Meta.from_dict(d.pop("meta"))

        create_incident_link_response_201 = cls(
            data=data,
            meta=meta,
        )

        return create_incident_link_response_201
