from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.responder_status import ResponderStatus

if TYPE_CHECKING:
    from ..models.responder_via import ResponderVia


T = TypeVar("T", bound="Responder")


@_attrs_define
class Responder:
    """
    Attributes:
        id (UUID):
        incident_id (UUID):
        user_id (UUID):
        user_name (None | str):
        requested_by (None | UUID): Who asked (null: that member has since left)
        message (None | str):
        via (ResponderVia): How the person came to be asked
        status (ResponderStatus): `requested`: paged through their notification rules until they answer; `accepted`;
            `declined`: never paged again
        responded_at (datetime.datetime | None):
        created_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    id: UUID
    incident_id: UUID
    user_id: UUID
    user_name: None | str
    requested_by: None | UUID
    message: None | str
    via: ResponderVia
    status: ResponderStatus
    responded_at: datetime.datetime | None
    created_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        incident_id = str(self.incident_id)

        user_id = str(self.user_id)

        user_name: None | str
        user_name = self.user_name

        requested_by: None | str
        if isinstance(self.requested_by, UUID):
            requested_by = str(self.requested_by)
        else:
            requested_by = self.requested_by

        message: None | str
        message = self.message

        via = self.via.to_dict()

        status = self.status.value

        responded_at: None | str
        if isinstance(self.responded_at, datetime.datetime):
            responded_at = self.responded_at.isoformat()
        else:
            responded_at = self.responded_at

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "incident_id": incident_id,
                "user_id": user_id,
                "user_name": user_name,
                "requested_by": requested_by,
                "message": message,
                "via": via,
                "status": status,
                "responded_at": responded_at,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.responder_via import ResponderVia  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        incident_id = UUID(d.pop("incident_id"))

        user_id = UUID(d.pop("user_id"))

        def _parse_user_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        user_name = _parse_user_name(d.pop("user_name"))

        def _parse_requested_by(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                requested_by_type_0 = UUID(data)

                return requested_by_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        requested_by = _parse_requested_by(d.pop("requested_by"))

        def _parse_message(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        message = _parse_message(d.pop("message"))

        via = ResponderVia.from_dict(d.pop("via"))

        status = ResponderStatus(d.pop("status"))

        def _parse_responded_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                responded_at_type_0 = datetime.datetime.fromisoformat(data)

                return responded_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        responded_at = _parse_responded_at(d.pop("responded_at"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        responder = cls(
            id=id,
            incident_id=incident_id,
            user_id=user_id,
            user_name=user_name,
            requested_by=requested_by,
            message=message,
            via=via,
            status=status,
            responded_at=responded_at,
            created_at=created_at,
        )

        return responder
