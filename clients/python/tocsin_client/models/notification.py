from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.notification_type import NotificationType

if TYPE_CHECKING:
    from ..models.notification_data import NotificationData


T = TypeVar("T", bound="Notification")


@_attrs_define
class Notification:
    """
    Attributes:
        id (UUID):
        type_ (NotificationType):
        title (str):
        body (None | str):
        data (NotificationData):
        incident_id (None | UUID):
        execution_id (None | UUID):
        read (bool):
        read_at (datetime.datetime | None):
        created_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    id: UUID
    type_: NotificationType
    title: str
    body: None | str
    data: NotificationData
    incident_id: None | UUID
    execution_id: None | UUID
    read: bool
    read_at: datetime.datetime | None
    created_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        type_ = self.type_.value

        title = self.title

        body: None | str
        body = self.body

        data = self.data.to_dict()

        incident_id: None | str
        if isinstance(self.incident_id, UUID):
            incident_id = str(self.incident_id)
        else:
            incident_id = self.incident_id

        execution_id: None | str
        if isinstance(self.execution_id, UUID):
            execution_id = str(self.execution_id)
        else:
            execution_id = self.execution_id

        read = self.read

        read_at: None | str
        if isinstance(self.read_at, datetime.datetime):
            read_at = self.read_at.isoformat()
        else:
            read_at = self.read_at

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "type": type_,
                "title": title,
                "body": body,
                "data": data,
                "incident_id": incident_id,
                "execution_id": execution_id,
                "read": read,
                "read_at": read_at,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.notification_data import NotificationData  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        type_ = NotificationType(d.pop("type"))

        title = d.pop("title")

        def _parse_body(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        body = _parse_body(d.pop("body"))

        data = NotificationData.from_dict(d.pop("data"))

        def _parse_incident_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                incident_id_type_0 = UUID(data)

                return incident_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        incident_id = _parse_incident_id(d.pop("incident_id"))

        def _parse_execution_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                execution_id_type_0 = UUID(data)

                return execution_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        execution_id = _parse_execution_id(d.pop("execution_id"))

        read = d.pop("read")

        def _parse_read_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                read_at_type_0 = datetime.datetime.fromisoformat(data)

                return read_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        read_at = _parse_read_at(d.pop("read_at"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        notification = cls(
            id=id,
            type_=type_,
            title=title,
            body=body,
            data=data,
            incident_id=incident_id,
            execution_id=execution_id,
            read=read,
            read_at=read_at,
            created_at=created_at,
        )

        return notification
