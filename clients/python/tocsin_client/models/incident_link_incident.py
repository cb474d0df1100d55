from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.incident_link_incident_status import IncidentLinkIncidentStatus

T = TypeVar("T", bound="IncidentLinkIncident")


@_attrs_define
class IncidentLinkIncident:
    """The other incident of the link

    Attributes:
        id (UUID):
        title (str):
        status (IncidentLinkIncidentStatus):
    """

    id: UUID
    title: str
    status: IncidentLinkIncidentStatus

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        title = self.title

        status = self.status.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "title": title,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        title = d.pop("title")

        status = IncidentLinkIncidentStatus(d.pop("status"))

        incident_link_incident = cls(
            id=id,
            title=title,
            status=status,
        )

        return incident_link_incident
