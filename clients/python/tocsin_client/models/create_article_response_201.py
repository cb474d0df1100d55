from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.create_article_response_201_meta import CreateArticleResponse201Meta
    from ..models.knowledge_article import KnowledgeArticle


T = TypeVar("T", bound="CreateArticleResponse201")


@_attrs_define
class CreateArticleResponse201:
    """
    Attributes:
        data (KnowledgeArticle):
        meta (CreateArticleResponse201Meta):
    """

    data: KnowledgeArticle
    meta: CreateArticleResponse201Meta

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
        from ..models.create_article_response_201_meta import CreateArticleResponse201Meta  # noqa: PLC0415
        from ..models.knowledge_article import KnowledgeArticle  # noqa: PLC0415

        d = dict(src_dict)
        data = KnowledgeArticle.from_dict(d.pop("data"))

        meta = CreateArticleResponse201Meta.from_dict(d.pop("meta"))

        create_article_response_201 = cls(
            data=data,
            meta=meta,
        )

        return create_article_response_201
