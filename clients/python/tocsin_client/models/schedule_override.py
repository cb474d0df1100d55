from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="ScheduleOverride")


@_attrs_define
class ScheduleOverride:
    """
    Attributes:
        id (UUID):
        schedule_id (UUID):
        user_id (UUID):
        start (datetime.datetime): ISO 8601 UTC timestamp
        end (datetime.datetime): ISO 8601 UTC timestamp
        created_by (None | UUID):
        created_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    id: UUID
    schedule_id: UUID
    user_id: UUID
    start: datetime.datetime
    end: datetime.datetime
    created_by: None | UUID
    created_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        schedule_id = str(self.schedule_id)

        user_id = str(self.user_id)

        start = self.start.isoformat()

        end = self.end.isoformat()

        created_by: None | str
        if isinstance(self.created_by, UUID):
            created_by = str(self.created_by)
        else:
            created_by = self.created_by

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "schedule_id": schedule_id,
                "user_id": user_id,
                "start": start,
                "end": end,
                "created_by": created_by,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        schedule_id = UUID(d.pop("schedule_id"))

        user_id = UUID(d.pop("user_id"))

        start = datetime.datetime.fromisoformat(d.pop("start"))

        end = datetime.datetime.fromisoformat(d.pop("end"))

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

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        schedule_override = cls(
            id=id,
            schedule_id=schedule_id,
            user_id=user_id,
            start=start,
            end=end,
            created_by=created_by,
            created_at=created_at,
        )

        return schedule_override
