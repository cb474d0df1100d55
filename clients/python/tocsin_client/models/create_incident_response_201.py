from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.create_incident_response_201_meta import CreateIncidentResponse201Meta
    from ..models.incident import Incident


T = TypeVar("T", bound="CreateIncidentResponse201")


@_attrs_define
class CreateIncidentResponse201:
    """
    Attributes:
        data (Incident):
        meta (CreateIncidentResponse201Meta):
    """

    data: Incident
    meta: CreateIncidentResponse201Meta

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
        from ..models.create_incident_response_201_meta import CreateIncidentResponse201Meta  # noqa: PLC0415
        from ..models.incident import Incident  # noqa: PLC0415

        d = dict(src_dict)
        data = Incident.from_dict(d.pop("data"))

        meta = CreateIncidentResponse201Meta.from_dict(d.pop("meta"))

        create_incident_response_201 = cls(
            data=data,
            meta=meta,
        )

        return create_incident_response_201
