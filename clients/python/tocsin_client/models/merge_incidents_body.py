from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="MergeIncidentsBody")


@_attrs_define
class MergeIncidentsBody:
    """
    Attributes:
        source_incident_ids (list[UUID]): The incidents folded into this one (1 to 20), all of this organization
    """

    source_incident_ids: list[UUID]

    def to_dict(self) -> dict[str, Any]:
        source_incident_ids = []
        for source_incident_ids_item_data in self.source_incident_ids:
            source_incident_ids_item = str(source_incident_ids_item_data)
            source_incident_ids.append(source_incident_ids_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "source_incident_ids": source_incident_ids,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        source_incident_ids = []
        _source_incident_ids = d.pop("source_incident_ids")
        for source_incident_ids_item_data in _source_incident_ids:
            source_incident_ids_item = UUID(source_incident_ids_item_data)

            source_incident_ids.append(source_incident_ids_item)

        merge_incidents_body = cls(
            source_incident_ids=source_incident_ids,
        )

        return merge_incidents_body
