from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.timeline_entry_type import TimelineEntryType

if TYPE_CHECKING:
    from ..models.timeline_entry_data import TimelineEntryData


T = TypeVar("T", bound="TimelineEntry")


@_attrs_define
class TimelineEntry:
    """
    Attributes:
        id (UUID):
        type_ (TimelineEntryType):
        message (str):
        actor_id (None | UUID):
        data (TimelineEntryData):
        created_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    id: UUID
    type_: TimelineEntryType
    message: str
    actor_id: None | UUID
    data: TimelineEntryData
    created_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        type_ = self.type_.value

        message = self.message

        actor_id: None | str
        if isinstance(self.actor_id, UUID):
            actor_id = str(self.actor_id)
        else:
            actor_id = self.actor_id

        data = self.data.to_dict()

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "type": type_,
                "message": message,
                "actor_id": actor_id,
                "data": data,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.timeline_entry_data import TimelineEntryData  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        type_ = TimelineEntryType(d.pop("type"))

        message = d.pop("message")

        def _parse_actor_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                actor_id_type_0 = UUID(data)

                return actor_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        actor_id = _parse_actor_id(d.pop("actor_id"))

        data = TimelineEntryData.from_dict(d.pop("data"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        timeline_entry = cls(
            id=id,
            type_=type_,
            message=message,
            actor_id=actor_id,
            data=data,
            created_at=created_at,
        )

        return timeline_entry
