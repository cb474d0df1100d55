from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.chat_message_author_kind import ChatMessageAuthorKind

T = TypeVar("T", bound="ChatMessage")


@_attrs_define
class ChatMessage:
    """
    Attributes:
        id (UUID):
        incident_id (UUID):
        author_id (None | UUID): The user; null for the assistant
        author_kind (ChatMessageAuthorKind):
        body (str):
        created_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    id: UUID
    incident_id: UUID
    author_id: None | UUID
    author_kind: ChatMessageAuthorKind
    body: str
    created_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        incident_id = str(self.incident_id)

        author_id: None | str
        if isinstance(self.author_id, UUID):
            author_id = str(self.author_id)
        else:
            author_id = self.author_id

        author_kind = self.author_kind.value

        body = self.body

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "incident_id": incident_id,
                "author_id": author_id,
                "author_kind": author_kind,
                "body": body,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        incident_id = UUID(d.pop("incident_id"))

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

        author_kind = ChatMessageAuthorKind(d.pop("author_kind"))

        body = d.pop("body")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        chat_message = cls(
            id=id,
            incident_id=incident_id,
            author_id=author_id,
            author_kind=author_kind,
            body=body,
            created_at=created_at,
        )

        return chat_message
