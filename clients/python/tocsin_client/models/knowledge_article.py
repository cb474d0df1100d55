from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="KnowledgeArticle")


@_attrs_define
class KnowledgeArticle:
    """
    Attributes:
        id (UUID):
        title (str):
        body (str):
        tags (list[str]):
        author_id (None | UUID):
        created_at (datetime.datetime): ISO 8601 UTC timestamp
        updated_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    id: UUID
    title: str
    body: str
    tags: list[str]
    author_id: None | UUID
    created_at: datetime.datetime
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        title = self.title

        body = self.body

        tags = self.tags

        author_id: None | str
        if isinstance(self.author_id, UUID):
            author_id = str(self.author_id)
        else:
            author_id = self.author_id

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "title": title,
                "body": body,
                "tags": tags,
                "author_id": author_id,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        title = d.pop("title")

        body = d.pop("body")

        tags = cast(list[str], d.pop("tags"))

        def _parse_author_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                author_id_type_0 = UUID(data)

                return author_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        author_id = _parse_author_id(d.pop("author_id"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        knowledge_article = cls(
            id=id,
            title=title,
            body=body,
            tags=tags,
            author_id=author_id,
            created_at=created_at,
            updated_at=updated_at,
        )

        return knowledge_article
