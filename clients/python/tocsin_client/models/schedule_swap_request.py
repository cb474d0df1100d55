from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.schedule_swap_request_status import ScheduleSwapRequestStatus

T = TypeVar("T", bound="ScheduleSwapRequest")


@_attrs_define
class ScheduleSwapRequest:
    """
    Attributes:
        id (UUID):
        schedule_id (UUID):
        requester_id (UUID): Who asks for cover: on call over the whole range when asking
        target_user_id (None | UUID): The one member asked; null: anyone may accept
        start (datetime.datetime): ISO 8601 UTC timestamp
        end (datetime.datetime): ISO 8601 UTC timestamp
        message (None | str):
        status (ScheduleSwapRequestStatus):
        responder_id (None | UUID): Who accepted or declined
        override_id (None | UUID): The override made when accepted (null once removed)
        created_at (datetime.datetime): ISO 8601 UTC timestamp
        updated_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    id: UUID
    schedule_id: UUID
    requester_id: UUID
    target_user_id: None | UUID
    start: datetime.datetime
    end: datetime.datetime
    message: None | str
    status: ScheduleSwapRequestStatus
    responder_id: None | UUID
    override_id: None | UUID
    created_at: datetime.datetime
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        schedule_id = str(self.schedule_id)

        requester_id = str(self.requester_id)

        target_user_id: None | str
        if isinstance(self.target_user_id, UUID):
            target_user_id = str(self.target_user_id)
        else:
            target_user_id = self.target_user_id

        start = self.start.isoformat()

        end = self.end.isoformat()

        message: None | str
        message = self.message

        status = self.status.value

        responder_id: None | str
        if isinstance(self.responder_id, UUID):
            responder_id = str(self.responder_id)
        else:
            responder_id = self.responder_id

        override_id: None | str
        if isinstance(self.override_id, UUID):
            override_id = str(self.override_id)
        else:
            override_id = self.override_id

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "schedule_id": schedule_id,
                "requester_id": requester_id,
                "target_user_id": target_user_id,
                "start": start,
                "end": end,
                "message": message,
                "status": status,
                "responder_id": responder_id,
                "override_id": override_id,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        schedule_id = UUID(d.pop("schedule_id"))

        requester_id = UUID(d.pop("requester_id"))

        def _parse_target_user_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                target_user_id_type_0 = UUID(data)

                return target_user_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        target_user_id = _parse_target_user_id(d.pop("target_user_id"))

        start = datetime.datetime.fromisoformat(d.pop("start"))

        end = datetime.datetime.fromisoformat(d.pop("end"))

        def _parse_message(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        message = _parse_message(d.pop("message"))

        status = ScheduleSwapRequestStatus(d.pop("status"))

        def _parse_responder_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                responder_id_type_0 = UUID(data)

                return responder_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        responder_id = _parse_responder_id(d.pop("responder_id"))

        def _parse_override_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                override_id_type_0 = UUID(data)

                return override_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        override_id = _parse_override_id(d.pop("override_id"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        schedule_swap_request = cls(
            id=id,
            schedule_id=schedule_id,
            requester_id=requester_id,
            target_user_id=target_user_id,
            start=start,
            end=end,
            message=message,
            status=status,
            responder_id=responder_id,
            override_id=override_id,
            created_at=created_at,
            updated_at=updated_at,
        )

        return schedule_swap_request
