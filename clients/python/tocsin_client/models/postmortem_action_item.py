from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="PostmortemActionItem")


@_attrs_define
class PostmortemActionItem:
    """
    Attributes:
        id (UUID):
        title (str):
        owner_id (None | UUID): The member who owns it; null: nobody yet (or the owner has left)
        owner_name (None | str):
        due_date (datetime.date | None): YYYY-MM-DD
        done (bool):
        done_at (datetime.datetime | None):
        created_at (datetime.datetime): ISO 8601 UTC timestamp
        updated_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    id: UUID
    title: str
    owner_id: None | UUID
    owner_name: None | str
    due_date: datetime.date | None
    done: bool
    done_at: datetime.datetime | None
    created_at: datetime.datetime
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        title = self.title

        owner_id: None | str
        if isinstance(self.owner_id, UUID):
            owner_id = str(self.owner_id)
        else:
            owner_id = self.owner_id

        owner_name: None | str
        owner_name = self.owner_name

        due_date: None | str
        if isinstance(self.due_date, datetime.date):
            due_date = self.due_date.isoformat()
        else:
            due_date = self.due_date

        done = self.done

        done_at: None | str
        if isinstance(self.done_at, datetime.datetime):
            done_at = self.done_at.isoformat()
        else:
            done_at = self.done_at

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "title": title,
                "owner_id": owner_id,
                "owner_name": owner_name,
                "due_date": due_date,
                "done": done,
                "done_at": done_at,
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

        def _parse_owner_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                owner_id_type_0 = UUID(data)

                return owner_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        owner_id = _parse_owner_id(d.pop("owner_id"))

        def _parse_owner_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        owner_name = _parse_owner_name(d.pop("owner_name"))

        def _parse_due_date(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                due_date_type_0 = datetime.date.fromisoformat(data)

                return due_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        due_date = _parse_due_date(d.pop("due_date"))

        done = d.pop("done")

        def _parse_done_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                done_at_type_0 = datetime.datetime.fromisoformat(data)

                return done_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        done_at = _parse_done_at(d.pop("done_at"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        postmortem_action_item = cls(
            id=id,
            title=title,
            owner_id=owner_id,
            owner_name=owner_name,
            due_date=due_date,
            done=done,
            done_at=done_at,
            created_at=created_at,
            updated_at=updated_at,
        )

        return postmortem_action_item
