from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.incident_analysis_hit import IncidentAnalysisHit


T = TypeVar("T", bound="IncidentAnalysis")


@_attrs_define
class IncidentAnalysis:
    """Computed by the worker (hybrid search on title and description) when the incident is created or its text changes,
    and refreshed when a read finds it older than 15 minutes (the read answers at once with what is stored). `{}` until
    computed, and without a search index.

        Attributes:
            similar_incidents (list[IncidentAnalysisHit] | Unset): Other incidents of the organization with similar title
                and description
            suggested_procedures (list[IncidentAnalysisHit] | Unset): Procedures and knowledge-base articles that match the
                incident
            analyzed_at (datetime.datetime | Unset): When the worker computed this analysis
    """

    similar_incidents: list[IncidentAnalysisHit] | Unset = UNSET
    suggested_procedures: list[IncidentAnalysisHit] | Unset = UNSET
    analyzed_at: datetime.datetime | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        similar_incidents: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.similar_incidents, Unset):
            similar_incidents = []
            for similar_incidents_item_data in self.similar_incidents:
                similar_incidents_item = similar_incidents_item_data.to_dict()
                similar_incidents.append(similar_incidents_item)

        suggested_procedures: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.suggested_procedures, Unset):
            suggested_procedures = []
            for suggested_procedures_item_data in self.suggested_procedures:
                suggested_procedures_item = suggested_procedures_item_data.to_dict()
                suggested_procedures.append(suggested_procedures_item)

        analyzed_at: str | Unset = UNSET
        if not isinstance(self.analyzed_at, Unset):
            analyzed_at = self.analyzed_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if similar_incidents is not UNSET:
            field_dict["similar_incidents"] = similar_incidents
        if suggested_procedures is not UNSET:
            field_dict["suggested_procedures"] = suggested_procedures
        if analyzed_at is not UNSET:
            field_dict["analyzed_at"] = analyzed_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.incident_analysis_hit import IncidentAnalysisHit  # noqa: PLC0415

        d = dict(src_dict)
        _similar_incidents = d.pop("similar_incidents", UNSET)
        similar_incidents: list[IncidentAnalysisHit] | Unset = UNSET
        if _similar_incidents is not UNSET:
            similar_incidents = []
            for similar_incidents_item_data in _similar_incidents:
                similar_incidents_item = IncidentAnalysisHit.from_dict(similar_incidents_item_data)

                similar_incidents.append(similar_incidents_item)

        _suggested_procedures = d.pop("suggested_procedures", UNSET)
        suggested_procedures: list[IncidentAnalysisHit] | Unset = UNSET
        if _suggested_procedures is not UNSET:
            suggested_procedures = []
            for suggested_procedures_item_data in _suggested_procedures:
                suggested_procedures_item = IncidentAnalysisHit.from_dict(suggested_procedures_item_data)

                suggested_procedures.append(suggested_procedures_item)

        _analyzed_at = d.pop("analyzed_at", UNSET)
        analyzed_at: datetime.datetime | Unset
        if isinstance(_analyzed_at, Unset):
            analyzed_at = UNSET
        else:
            analyzed_at = datetime.datetime.fromisoformat(_analyzed_at)

        incident_analysis = cls(
            similar_incidents=similar_incidents,
            suggested_procedures=suggested_procedures,
            analyzed_at=analyzed_at,
        )

        return incident_analysis
