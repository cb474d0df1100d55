from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.incident_merge import IncidentMerge


T = TypeVar("T", bound="MergeIncidentsResult")


@_attrs_define
class MergeIncidentsResult:
    """
    Attributes:
        target_incident_id (UUID):
        merges (list[IncidentMerge]): One per source, in the order given
    """

    target_incident_id: UUID
    merges: list[IncidentMerge]

    def to_dict(self) -> dict[str, Any]:
        target_incident_id = str(self.target_incident_id)

        merges = []
        for merges_item_data in self.merges:
            merges_item = merges_item_data.to_dict()
            merges.append(merges_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "target_incident_id": target_incident_id,
                "merges": merges,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.incident_merge import IncidentMerge  # noqa: PLC0415

        d = dict(src_dict)
        target_incident_id = UUID(d.pop("target_incident_id"))

        merges = []
        _merges = d.pop("merges")
        for merges_item_data in _merges:
            merges_item = IncidentMerge.from_dict(merges_item_data)

            merges.append(merges_item)

        merge_incidents_result = cls(
            target_incident_id=target_incident_id,
            merges=merges,
        )

        return merge_incidents_result
