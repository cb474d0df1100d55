from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="UnmergeIncidentBody")


@_attrs_define
class UnmergeIncidentBody:
    """
    Attributes:
        source_incident_id (UUID): The incident merged into this one that becomes its own incident again
    """

    source_incident_id: UUID

    def to_dict(self) -> dict[str, Any]:
        source_incident_id = str(self.source_incident_id)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "source_incident_id": source_incident_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        source_incident_id = UUID(d.pop("source_incident_id"))

        unmerge_incident_body = cls(
            source_incident_id=source_incident_id,
        )

        return unmerge_incident_body
