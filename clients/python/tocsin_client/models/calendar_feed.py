from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="CalendarFeed")


@_attrs_define
class CalendarFeed:
    """
    Attributes:
        enabled (bool):
        url (None | str): The secret feed URL: only in the answer that creates it, null otherwise
        created_at (datetime.datetime | None):
    """

    enabled: bool
    url: None | str
    created_at: datetime.datetime | None

    def to_dict(self) -> dict[str, Any]:
        enabled = self.enabled

        url: None | str
        url = self.url

        created_at: None | str
        if isinstance(self.created_at, datetime.datetime):
            created_at = self.created_at.isoformat()
        else:
            created_at = self.created_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "enabled": enabled,
                "url": url,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        enabled = d.pop("enabled")

        def _parse_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        url = _parse_url(d.pop("url"))

        def _parse_created_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                created_at_type_0 = datetime.datetime.fromisoformat(data)

                return created_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        created_at = _parse_created_at(d.pop("created_at"))

        calendar_feed = cls(
            enabled=enabled,
            url=url,
            created_at=created_at,
        )

        return calendar_feed
