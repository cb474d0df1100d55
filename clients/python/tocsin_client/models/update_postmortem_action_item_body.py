from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="UpdatePostmortemActionItemBody")


@_attrs_define
class UpdatePostmortemActionItemBody:
    """
    Attributes:
        title (str | Unset):
        owner_id (None | Unset | UUID): A member of the organization (422 otherwise); null: nobody yet
        due_date (datetime.date | None | Unset): YYYY-MM-DD
        done (bool | Unset):
    """

    title: str | Unset = UNSET
    owner_id: None | Unset | UUID = UNSET
    due_date: datetime.date | None | Unset = UNSET
    done: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        title = self.title

        owner_id: None | str | Unset
        if isinstance(self.owner_id, Unset):
            owner_id = UNSET
        elif isinstance(self.owner_id, UUID):
            owner_id = str(self.owner_id)
        else:
            owner_id = self.owner_id

        due_date: None | str | Unset
        if isinstance(self.due_date, Unset):
            due_date = UNSET
        elif isinstance(self.due_date, datetime.date):
            due_date = self.due_date.isoformat()
        else:
            due_date = self.due_date

        done = self.done

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if title is not UNSET:
            field_dict["title"] = title
        if owner_id is not UNSET:
            field_dict["owner_id"] = owner_id
        if due_date is not UNSET:
            field_dict["due_date"] = due_date
        if done is not UNSET:
            field_dict["done"] = done

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        title = d.pop("title", UNSET)

        def _parse_owner_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                owner_id_type_0 = UUID(data)

                return owner_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        owner_id = _parse_owner_id(d.pop("owner_id", UNSET))

        def _parse_due_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                due_date_type_0 = datetime.date.fromisoformat(data)

                return due_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        due_date = _parse_due_date(d.pop("due_date", UNSET))

        done = d.pop("done", UNSET)

        update_postmortem_action_item_body = cls(
            title=title,
            owner_id=owner_id,
            due_date=due_date,
            done=done,
        )

        return update_postmortem_action_item_body
