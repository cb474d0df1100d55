from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.schedule_restriction import ScheduleRestriction


T = TypeVar("T", bound="ScheduleIcalLayerView")


@_attrs_define
class ScheduleIcalLayerView:
    """
    Attributes:
        kind (Literal['ical']):
        id (UUID):
        start (str):
        restrictions (list[ScheduleRestriction]):
        url_hint (None | str):
        last_fetched_at (None | str):
        last_succeeded_at (None | str):
        last_error (None | str):
        event_count (int):
        unmatched_count (int):
        name (None | str | Unset):
        end (None | str | Unset):
    """

    kind: Literal["ical"]
    id: UUID
    start: str
    restrictions: list[ScheduleRestriction]
    url_hint: None | str
    last_fetched_at: None | str
    last_succeeded_at: None | str
    last_error: None | str
    event_count: int
    unmatched_count: int
    name: None | str | Unset = UNSET
    end: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        id = str(self.id)

        start = self.start

        restrictions = []
        for restrictions_item_data in self.restrictions:
            restrictions_item = restrictions_item_data.to_dict()
            restrictions.append(restrictions_item)

        url_hint: None | str
        url_hint = self.url_hint

        last_fetched_at: None | str
        last_fetched_at = self.last_fetched_at

        last_succeeded_at: None | str
        last_succeeded_at = self.last_succeeded_at

        last_error: None | str
        last_error = self.last_error

        event_count = self.event_count

        unmatched_count = self.unmatched_count

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        end: None | str | Unset
        if isinstance(self.end, Unset):
            end = UNSET
        else:
            end = self.end

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "id": id,
                "start": start,
                "restrictions": restrictions,
                "url_hint": url_hint,
                "last_fetched_at": last_fetched_at,
                "last_succeeded_at": last_succeeded_at,
                "last_error": last_error,
                "event_count": event_count,
                "unmatched_count": unmatched_count,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name
        if end is not UNSET:
            field_dict["end"] = end

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.schedule_restriction import ScheduleRestriction  # noqa: PLC0415

        d = dict(src_dict)
        kind = cast(Literal["ical"], d.pop("kind"))
        if kind != "ical":
            raise ValueError(f"kind must match const 'ical', got '{kind}'")

        id = UUID(d.pop("id"))

        start = d.pop("start")

        restrictions = []
        _restrictions = d.pop("restrictions")
        for restrictions_item_data in _restrictions:
            restrictions_item = ScheduleRestriction.from_dict(restrictions_item_data)

            restrictions.append(restrictions_item)

        def _parse_url_hint(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        url_hint = _parse_url_hint(d.pop("url_hint"))

        def _parse_last_fetched_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_fetched_at = _parse_last_fetched_at(d.pop("last_fetched_at"))

        def _parse_last_succeeded_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_succeeded_at = _parse_last_succeeded_at(d.pop("last_succeeded_at"))

        def _parse_last_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_error = _parse_last_error(d.pop("last_error"))

        event_count = d.pop("event_count")

        unmatched_count = d.pop("unmatched_count")

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        def _parse_end(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        end = _parse_end(d.pop("end", UNSET))

        schedule_ical_layer_view = cls(
            kind=kind,
            id=id,
            start=start,
            restrictions=restrictions,
            url_hint=url_hint,
            last_fetched_at=last_fetched_at,
            last_succeeded_at=last_succeeded_at,
            last_error=last_error,
            event_count=event_count,
            unmatched_count=unmatched_count,
            name=name,
            end=end,
        )

        return schedule_ical_layer_view
