from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.page_method import PageMethod
from ..models.page_status import PageStatus

T = TypeVar("T", bound="Page")


@_attrs_define
class Page:
    """
    Attributes:
        id (UUID):
        round_ (int): Counts from 1
        level (int): Counts from 1
        user_id (UUID):
        method (PageMethod):
        status (PageStatus): `sending` only while the send is under way
        error (None | str):
        created_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    id: UUID
    round_: int
    level: int
    user_id: UUID
    method: PageMethod
    status: PageStatus
    error: None | str
    created_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        round_ = self.round_

        level = self.level

        user_id = str(self.user_id)

        method = self.method.value

        status = self.status.value

        error: None | str
        error = self.error

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "round": round_,
                "level": level,
                "user_id": user_id,
                "method": method,
                "status": status,
                "error": error,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        round_ = d.pop("round")

        level = d.pop("level")

        user_id = UUID(d.pop("user_id"))

        method = PageMethod(d.pop("method"))

        status = PageStatus(d.pop("status"))

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        page = cls(
            id=id,
            round_=round_,
            level=level,
            user_id=user_id,
            method=method,
            status=status,
            error=error,
            created_at=created_at,
        )

        return page
