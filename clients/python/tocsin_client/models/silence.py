from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.silence_status import SilenceStatus

T = TypeVar("T", bound="Silence")


@_attrs_define
class Silence:
    """
    Attributes:
        id (UUID):
        matchers (list[str]): Each matcher in canonical form (`name="value"`), ready to send back
        matchers_text (str): The whole list in braces
        starts_at (datetime.datetime): ISO 8601 UTC timestamp
        ends_at (datetime.datetime): ISO 8601 UTC timestamp
        status (SilenceStatus):
        comment (str):
        created_by (None | UUID): The user who created it (for an API key: its creator)
        updated_by (None | UUID):
        created_at (datetime.datetime): ISO 8601 UTC timestamp
        updated_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    id: UUID
    matchers: list[str]
    matchers_text: str
    starts_at: datetime.datetime
    ends_at: datetime.datetime
    status: SilenceStatus
    comment: str
    created_by: None | UUID
    updated_by: None | UUID
    created_at: datetime.datetime
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        matchers = self.matchers

        matchers_text = self.matchers_text

        starts_at = self.starts_at.isoformat()

        ends_at = self.ends_at.isoformat()

        status = self.status.value

        comment = self.comment

        created_by: None | str
        if isinstance(self.created_by, UUID):
            created_by = str(self.created_by)
        else:
            created_by = self.created_by

        updated_by: None | str
        if isinstance(self.updated_by, UUID):
            updated_by = str(self.updated_by)
        else:
            updated_by = self.updated_by

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "matchers": matchers,
                "matchers_text": matchers_text,
                "starts_at": starts_at,
                "ends_at": ends_at,
                "status": status,
                "comment": comment,
                "created_by": created_by,
                "updated_by": updated_by,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        matchers = cast(list[str], d.pop("matchers"))

        matchers_text = d.pop("matchers_text")

        starts_at = datetime.datetime.fromisoformat(d.pop("starts_at"))

        ends_at = datetime.datetime.fromisoformat(d.pop("ends_at"))

        status = SilenceStatus(d.pop("status"))

        comment = d.pop("comment")

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

        def _parse_updated_by(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                updated_by_type_0 = UUID(data)

                return updated_by_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        updated_by = _parse_updated_by(d.pop("updated_by"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        silence = cls(
            id=id,
            matchers=matchers,
            matchers_text=matchers_text,
            starts_at=starts_at,
            ends_at=ends_at,
            status=status,
            comment=comment,
            created_by=created_by,
            updated_by=updated_by,
            created_at=created_at,
            updated_at=updated_at,
        )

        return silence
