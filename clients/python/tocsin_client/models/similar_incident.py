from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.similar_incident_postmortem_type_0 import SimilarIncidentPostmortemType0


T = TypeVar("T", bound="SimilarIncident")


@_attrs_define
class SimilarIncident:
    """
    Attributes:
        incident_id (UUID):
        title (str):
        score (float):
        postmortem (None | SimilarIncidentPostmortemType0): Its postmortem, when it has one
    """

    incident_id: UUID
    title: str
    score: float
    postmortem: None | SimilarIncidentPostmortemType0

    def to_dict(self) -> dict[str, Any]:
        from ..models.similar_incident_postmortem_type_0 import SimilarIncidentPostmortemType0  # noqa: PLC0415

        incident_id = str(self.incident_id)

        title = self.title

        score = self.score

        postmortem: dict[str, Any] | None
        if isinstance(self.postmortem, SimilarIncidentPostmortemType0):
            postmortem = self.postmortem.to_dict()
        else:
            postmortem = self.postmortem

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "incident_id": incident_id,
                "title": title,
                "score": score,
                "postmortem": postmortem,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.similar_incident_postmortem_type_0 import SimilarIncidentPostmortemType0  # noqa: PLC0415

        d = dict(src_dict)
        incident_id = UUID(d.pop("incident_id"))

        title = d.pop("title")

        score = d.pop("score")

        def _parse_postmortem(data: object) -> None | SimilarIncidentPostmortemType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                postmortem_type_0 = SimilarIncidentPostmortemType0.from_dict(data)

                return postmortem_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SimilarIncidentPostmortemType0, data)

        postmortem = _parse_postmortem(d.pop("postmortem"))

        similar_incident = cls(
            incident_id=incident_id,
            title=title,
            score=score,
            postmortem=postmortem,
        )

        return similar_incident
