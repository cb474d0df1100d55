from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateScheduleSwapRequestBody")


@_attrs_define
class CreateScheduleSwapRequestBody:
    """
    Attributes:
        start (datetime.datetime): RFC 3339 instant with an offset, e.g. `2026-03-29T09:00:00+02:00`; answered in UTC
        end (datetime.datetime): RFC 3339 instant with an offset, e.g. `2026-03-29T09:00:00+02:00`; answered in UTC
        target_user_id (None | Unset | UUID): Ask one member only (default: anyone in the organization)
        message (None | str | Unset):
    """

    start: datetime.datetime
    end: datetime.datetime
    target_user_id: None | Unset | UUID = UNSET
    message: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        start = self.start.isoformat()

        end = self.end.isoformat()

        target_user_id: None | str | Unset
        if isinstance(self.target_user_id, Unset):
            target_user_id = UNSET
        elif isinstance(self.target_user_id, UUID):
            target_user_id = str(self.target_user_id)
        else:
            target_user_id = self.target_user_id

        message: None | str | Unset
        if isinstance(self.message, Unset):
            message = UNSET
        else:
            message = self.message

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "start": start,
                "end": end,
            }
        )
        if target_user_id is not UNSET:
            field_dict["target_user_id"] = target_user_id
        if message is not UNSET:
            field_dict["message"] = message

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        start = datetime.datetime.fromisoformat(d.pop("start"))

        end = datetime.datetime.fromisoformat(d.pop("end"))

        def _parse_target_user_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                target_user_id_type_0 = UUID(data)

                return target_user_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        target_user_id = _parse_target_user_id(d.pop("target_user_id", UNSET))

        def _parse_message(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        message = _parse_message(d.pop("message", UNSET))

        create_schedule_swap_request_body = cls(
            start=start,
            end=end,
            target_user_id=target_user_id,
            message=message,
        )

        return create_schedule_swap_request_body
