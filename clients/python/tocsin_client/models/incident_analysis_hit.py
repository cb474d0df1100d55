from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="IncidentAnalysisHit")


@_attrs_define
class IncidentAnalysisHit:
    """
    Attributes:
        type_ (str): `incident`, `procedure` or `article`
        id (str):
        title (str):
        score (float):
    """

    type_: str
    id: str
    title: str
    score: float

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        id = self.id

        title = self.title

        score = self.score

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "id": id,
                "title": title,
                "score": score,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = d.pop("type")

        id = d.pop("id")

        title = d.pop("title")

        score = d.pop("score")

        incident_analysis_hit = cls(
            type_=type_,
            id=id,
            title=title,
            score=score,
        )

        return incident_analysis_hit
