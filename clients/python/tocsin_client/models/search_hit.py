from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.search_hit_type import SearchHitType

T = TypeVar("T", bound="SearchHit")


@_attrs_define
class SearchHit:
    """
    Attributes:
        type_ (SearchHitType):
        id (str):
        title (str):
        snippet (str): HTML: an excerpt of the document, its text escaped (with <em> around matched words when it is a
            keyword match)
        score (float):
        highlights (list[str]): HTML: matching fragments, the document text escaped, then matched words wrapped in <em>
    """

    type_: SearchHitType
    id: str
    title: str
    snippet: str
    score: float
    highlights: list[str]

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        id = self.id

        title = self.title

        snippet = self.snippet

        score = self.score

        highlights = self.highlights

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "id": id,
                "title": title,
                "snippet": snippet,
                "score": score,
                "highlights": highlights,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = SearchHitType(d.pop("type"))

        id = d.pop("id")

        title = d.pop("title")

        snippet = d.pop("snippet")

        score = d.pop("score")

        highlights = cast(list[str], d.pop("highlights"))

        search_hit = cls(
            type_=type_,
            id=id,
            title=title,
            snippet=snippet,
            score=score,
            highlights=highlights,
        )

        return search_hit
