from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.on_call_source_type_0 import OnCallSourceType0

T = TypeVar("T", bound="OnCall")


@_attrs_define
class OnCall:
    """
    Attributes:
        schedule_id (UUID):
        schedule_name (str):
        time_zone (str):
        user_id (None | UUID): Who is on call; null in a gap
        source (None | OnCallSourceType0):
        start (datetime.datetime | None): Start of the shift (looked for up to 7 days back)
        end (datetime.datetime | None): End of the shift (looked for up to 7 days ahead)
    """

    schedule_id: UUID
    schedule_name: str
    time_zone: str
    user_id: None | UUID
    source: None | OnCallSourceType0
    start: datetime.datetime | None
    end: datetime.datetime | None

    def to_dict(self) -> dict[str, Any]:
        schedule_id = str(self.schedule_id)

        schedule_name = self.schedule_name

        time_zone = self.time_zone

        user_id: None | str
        if isinstance(self.user_id, UUID):
            user_id = str(self.user_id)
        else:
            user_id = self.user_id

        source: None | str
        if isinstance(self.source, OnCallSourceType0):
            source = self.source.value
        else:
            source = self.source

        start: None | str
        if isinstance(self.start, datetime.datetime):
            start = self.start.isoformat()
        else:
            start = self.start

        end: None | str
        if isinstance(self.end, datetime.datetime):
            end = self.end.isoformat()
        else:
            end = self.end

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "schedule_id": schedule_id,
                "schedule_name": schedule_name,
                "time_zone": time_zone,
                "user_id": user_id,
                "source": source,
                "start": start,
                "end": end,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        schedule_id = UUID(d.pop("schedule_id"))

        schedule_name = d.pop("schedule_name")

        time_zone = d.pop("time_zone")

        def _parse_user_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                user_id_type_0 = UUID(data)

                return user_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        user_id = _parse_user_id(d.pop("user_id"))

        def _parse_source(data: object) -> None | OnCallSourceType0:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                source_type_0 = OnCallSourceType0(data)

                return source_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | OnCallSourceType0, data)

        source = _parse_source(d.pop("source"))

        def _parse_start(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                start_type_0 = datetime.datetime.fromisoformat(data)

                return start_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        start = _parse_start(d.pop("start"))

        def _parse_end(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                end_type_0 = datetime.datetime.fromisoformat(data)

                return end_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        end = _parse_end(d.pop("end"))

        on_call = cls(
            schedule_id=schedule_id,
            schedule_name=schedule_name,
            time_zone=time_zone,
            user_id=user_id,
            source=source,
            start=start,
            end=end,
        )

        return on_call
