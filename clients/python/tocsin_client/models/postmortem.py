from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.postmortem_status import PostmortemStatus

if TYPE_CHECKING:
    from ..models.postmortem_action_item import PostmortemActionItem


T = TypeVar("T", bound="Postmortem")


@_attrs_define
class Postmortem:
    """
    Attributes:
        id (UUID):
        incident_id (UUID):
        title (str):
        status (PostmortemStatus):
        content (str): Markdown, generated from the incident when created and edited by the team since
        created_by (None | UUID):
        published_at (datetime.datetime | None): When it was first published
        created_at (datetime.datetime): ISO 8601 UTC timestamp
        updated_at (datetime.datetime): ISO 8601 UTC timestamp
        action_items (list[PostmortemActionItem]):
    """

    id: UUID
    incident_id: UUID
    title: str
    status: PostmortemStatus
    content: str
    created_by: None | UUID
    published_at: datetime.datetime | None
    created_at: datetime.datetime
    updated_at: datetime.datetime
    action_items: list[PostmortemActionItem]

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        incident_id = str(self.incident_id)

        title = self.title

        status = self.status.value

        content = self.content

        created_by: None | str
        if isinstance(self.created_by, UUID):
            created_by = str(self.created_by)
        else:
            created_by = self.created_by

        published_at: None | str
        if isinstance(self.published_at, datetime.datetime):
            published_at = self.published_at.isoformat()
        else:
            published_at = self.published_at

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        action_items = []
        for action_items_item_data in self.action_items:
            action_items_item = action_items_item_data.to_dict()
            action_items.append(action_items_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "incident_id": incident_id,
                "title": title,
                "status": status,
                "content": content,
                "created_by": created_by,
                "published_at": published_at,
                "created_at": created_at,
                "updated_at": updated_at,
                "action_items": action_items,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.postmortem_action_item import PostmortemActionItem  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        incident_id = UUID(d.pop("incident_id"))

        title = d.pop("title")

        status = PostmortemStatus(d.pop("status"))

        content = d.pop("content")

        def _parse_created_by(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                created_by_type_0 = UUID(data)

                return created_by_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        created_by = _parse_created_by(d.pop("created_by"))

        def _parse_published_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                published_at_type_0 = datetime.datetime.fromisoformat(data)

                return published_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        published_at = _parse_published_at(d.pop("published_at"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        action_items = []
        _action_items = d.pop("action_items")
        for action_items_item_data in _action_items:
            action_items_item = PostmortemActionItem.from_dict(action_items_item_data)

            action_items.append(action_items_item)

        postmortem = cls(
            id=id,
            incident_id=incident_id,
            title=title,
            status=status,
            content=content,
            created_by=created_by,
            published_at=published_at,
            created_at=created_at,
            updated_at=updated_at,
            action_items=action_items,
        )

        return postmortem
