from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.similar_incident_postmortem_type_0_status import SimilarIncidentPostmortemType0Status

T = TypeVar("T", bound="SimilarIncidentPostmortemType0")


@_attrs_define
class SimilarIncidentPostmortemType0:
    """
    Attributes:
        id (UUID):
        title (str):
        status (SimilarIncidentPostmortemType0Status):
        url (str): Its API path: `/api/v1/incidents/<id>/postmortem`
    """

    id: UUID
    title: str
    status: SimilarIncidentPostmortemType0Status
    url: str

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        title = self.title

        status = self.status.value

        url = self.url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "title": title,
                "status": status,
                "url": url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        title = d.pop("title")

        status = SimilarIncidentPostmortemType0Status(d.pop("status"))

        url = d.pop("url")

        similar_incident_postmortem_type_0 = cls(
            id=id,
            title=title,
            status=status,
            url=url,
        )

        return similar_incident_postmortem_type_0
