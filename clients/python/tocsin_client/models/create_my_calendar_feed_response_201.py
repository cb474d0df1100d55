from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.calendar_feed import CalendarFeed
    from ..models.create_my_calendar_feed_response_201_meta import CreateMyCalendarFeedResponse201Meta


T = TypeVar("T", bound="CreateMyCalendarFeedResponse201")


@_attrs_define
class CreateMyCalendarFeedResponse201:
    """
    Attributes:
        data (CalendarFeed):
        meta (CreateMyCalendarFeedResponse201Meta):
    """

    data: CalendarFeed
    meta: CreateMyCalendarFeedResponse201Meta

    def to_dict(self) -> dict[str, Any]:
        data = self.data.to_dict()

        meta = self.meta.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "data": data,
                "meta": meta,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.calendar_feed import CalendarFeed  # noqa: PLC0415
        from ..models.create_my_calendar_feed_response_201_meta import CreateMyCalendarFeedResponse201Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = CalendarFeed.from_dict(d.pop("data"))

        meta = CreateMyCalendarFeedResponse201Meta.from_dict(d.pop("meta"))

        create_my_calendar_feed_response_201 = cls(
            data=data,
            meta=meta,
        )

        return create_my_calendar_feed_response_201
