from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.calendar_feed import CalendarFeed
    from ..models.get_my_calendar_feed_response_200_meta import GetMyCalendarFeedResponse200Meta


T = TypeVar("T", bound="GetMyCalendarFeedResponse200")


@_attrs_define
class GetMyCalendarFeedResponse200:
    """
    Attributes:
        data (CalendarFeed):
        meta (GetMyCalendarFeedResponse200Meta):
    """

    data: CalendarFeed
    meta: GetMyCalendarFeedResponse200Meta

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
        from ..models.get_my_calendar_feed_response_200_meta import GetMyCalendarFeedResponse200Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = CalendarFeed.from_dict(d.pop("data"))

        meta = GetMyCalendarFeedResponse200Meta.from_dict(d.pop("meta"))

        get_my_calendar_feed_response_200 = cls(
            data=data,
            meta=meta,
        )

        return get_my_calendar_feed_response_200
