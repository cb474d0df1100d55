from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.knowledge_article import KnowledgeArticle
    from ..models.update_article_response_200_meta import UpdateArticleResponse200Meta


T = TypeVar("T", bound="UpdateArticleResponse200")


@_attrs_define
class UpdateArticleResponse200:
    """
    Attributes:
        data (KnowledgeArticle):
        meta (UpdateArticleResponse200Meta):
    """

    data: KnowledgeArticle
    meta: UpdateArticleResponse200Meta

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
        from ..models.knowledge_article import KnowledgeArticle  # noqa: PLC0415
        from ..models.update_article_response_200_meta import UpdateArticleResponse200Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = KnowledgeArticle.from_dict(d.pop("data"))

        meta = UpdateArticleResponse200Meta.from_dict(d.pop("meta"))

        update_article_response_200 = cls(
            data=data,
            meta=meta,
        )

        return update_article_response_200
