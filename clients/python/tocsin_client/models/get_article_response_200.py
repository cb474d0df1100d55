from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.get_article_response_200_meta import GetArticleResponse200Meta
    from ..models.knowledge_article import KnowledgeArticle


T = TypeVar("T", bound="GetArticleResponse200")


@_attrs_define
class GetArticleResponse200:
    """
    Attributes:
        data (KnowledgeArticle):
        meta (GetArticleResponse200Meta):
    """

    data: KnowledgeArticle
    meta: GetArticleResponse200Meta

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
        from ..models.get_article_response_200_meta import GetArticleResponse200Meta  # noqa: PLC0415
        from ..models.knowledge_article import KnowledgeArticle  # noqa: PLC0415

        d = dict(src_dict)
        data = KnowledgeArticle.from_dict(d.pop("data"))

        meta = GetArticleResponse200Meta.from_dict(d.pop("meta"))

        get_article_response_200 = cls(
            data=data,
            meta=meta,
        )

        return get_article_response_200
