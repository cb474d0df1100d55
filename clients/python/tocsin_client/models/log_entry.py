from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.log_entry_level import LogEntryLevel

if TYPE_CHECKING:
    from ..models.log_entry_attributes import LogEntryAttributes


T = TypeVar("T", bound="LogEntry")


@_attrs_define
class LogEntry:
    """
    Attributes:
        id (UUID):
        timestamp (datetime.datetime): ISO 8601 UTC timestamp
        level (LogEntryLevel):
        message (str):
        service (str):
        attributes (LogEntryAttributes):
    """

    id: UUID
    timestamp: datetime.datetime
    level: LogEntryLevel
    message: str
    service: str
    attributes: LogEntryAttributes

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        timestamp = self.timestamp.isoformat()

        level = self.level.value

        message = self.message

        service = self.service

        attributes = self.attributes.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "timestamp": timestamp,
                "level": level,
                "message": message,
                "service": service,
                "attributes": attributes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.log_entry_attributes import LogEntryAttributes  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        timestamp = datetime.datetime.fromisoformat(d.pop("timestamp"))

        level = LogEntryLevel(d.pop("level"))

        message = d.pop("message")

        service = d.pop("service")

        attributes = LogEntryAttributes.from_dict(d.pop("attributes"))

        log_entry = cls(
            id=id,
            timestamp=timestamp,
            level=level,
            message=message,
            service=service,
            attributes=attributes,
        )

        return log_entry
