from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.schedule_restriction_input import ScheduleRestrictionInput


T = TypeVar("T", bound="ScheduleIcalLayerInput")


@_attrs_define
class ScheduleIcalLayerInput:
    """Shifts imported from an external iCalendar URL: each event puts on call the member named by its first ATTENDEE
    email, else by an email in its SUMMARY. Fetched on create, whenever `url` is written, and every 15 minutes.

        Attributes:
            kind (Literal['ical']):
            start (datetime.datetime): When the layer starts to apply; the first user of a rotation holds the turn
                containing it
            id (UUID | Unset): Given by Tocsin: send it back to keep the layer, its URL (when `url` is absent) and its
                imported events
            name (None | str | Unset):
            end (datetime.datetime | None | Unset): When the layer stops applying; open-ended when absent
            restrictions (list[ScheduleRestrictionInput] | Unset): When present, the layer only applies inside these windows
            url (str | Unset): Write-only: the iCalendar (.ics) URL; fetched through the outbound guard (no internal
                addresses)
            url_hint (None | str | Unset): Read-only: the scheme and host of the calendar URL; the URL itself is write-only
                (it often carries a secret token)
            last_fetched_at (None | str | Unset): Read-only: when Tocsin last tried to fetch the calendar
            last_succeeded_at (None | str | Unset): Read-only: when a fetch last succeeded
            last_error (None | str | Unset): Read-only: why the last fetch failed (null after a success); the previous
                events stay in place
            event_count (int | None | Unset): Read-only: events imported by the last successful fetch
            unmatched_count (int | None | Unset): Read-only: events of the last fetch that named no member
    """

    kind: Literal["ical"]
    start: datetime.datetime
    id: UUID | Unset = UNSET
    name: None | str | Unset = UNSET
    end: datetime.datetime | None | Unset = UNSET
    restrictions: list[ScheduleRestrictionInput] | Unset = UNSET
    url: str | Unset = UNSET
    url_hint: None | str | Unset = UNSET
    last_fetched_at: None | str | Unset = UNSET
    last_succeeded_at: None | str | Unset = UNSET
    last_error: None | str | Unset = UNSET
    event_count: int | None | Unset = UNSET
    unmatched_count: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        start = self.start.isoformat()

        id: str | Unset = UNSET
        if not isinstance(self.id, Unset):
            id = str(self.id)

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        end: None | str | Unset
        if isinstance(self.end, Unset):
            end = UNSET
        elif isinstance(self.end, datetime.datetime):
            end = self.end.isoformat()
        else:
            end = self.end

        restrictions: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.restrictions, Unset):
            restrictions = []
            for restrictions_item_data in self.restrictions:
                restrictions_item = restrictions_item_data.to_dict()
                restrictions.append(restrictions_item)

        url = self.url

        url_hint: None | str | Unset
        if isinstance(self.url_hint, Unset):
            url_hint = UNSET
        else:
            url_hint = self.url_hint

        last_fetched_at: None | str | Unset
        if isinstance(self.last_fetched_at, Unset):
            last_fetched_at = UNSET
        else:
            last_fetched_at = self.last_fetched_at

        last_succeeded_at: None | str | Unset
        if isinstance(self.last_succeeded_at, Unset):
            last_succeeded_at = UNSET
        else:
            last_succeeded_at = self.last_succeeded_at

        last_error: None | str | Unset
        if isinstance(self.last_error, Unset):
            last_error = UNSET
        else:
            last_error = self.last_error

        event_count: int | None | Unset
        if isinstance(self.event_count, Unset):
            event_count = UNSET
        else:
            event_count = self.event_count

        unmatched_count: int | None | Unset
        if isinstance(self.unmatched_count, Unset):
            unmatched_count = UNSET
        else:
            unmatched_count = self.unmatched_count

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "start": start,
            }
        )
        if id is not UNSET:
            field_dict["id"] = id
        if name is not UNSET:
            field_dict["name"] = name
        if end is not UNSET:
            field_dict["end"] = end
        if restrictions is not UNSET:
            field_dict["restrictions"] = restrictions
        if url is not UNSET:
            field_dict["url"] = url
        if url_hint is not UNSET:
            field_dict["url_hint"] = url_hint
        if last_fetched_at is not UNSET:
            field_dict["last_fetched_at"] = last_fetched_at
        if last_succeeded_at is not UNSET:
            field_dict["last_succeeded_at"] = last_succeeded_at
        if last_error is not UNSET:
            field_dict["last_error"] = last_error
        if event_count is not UNSET:
            field_dict["event_count"] = event_count
        if unmatched_count is not UNSET:
            field_dict["unmatched_count"] = unmatched_count

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.schedule_restriction_input import ScheduleRestrictionInput  # noqa: PLC0415

        d = dict(src_dict)
        kind = cast(Literal["ical"], d.pop("kind"))
        if kind != "ical":
            raise ValueError(f"kind must match const 'ical', got '{kind}'")

        start = datetime.datetime.fromisoformat(d.pop("start"))

        _id = d.pop("id", UNSET)
        id: UUID | Unset
        if isinstance(_id, Unset):
            id = UNSET
        else:
            id = UUID(_id)

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        def _parse_end(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                end_type_0 = datetime.datetime.fromisoformat(data)

                return end_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        end = _parse_end(d.pop("end", UNSET))

        _restrictions = d.pop("restrictions", UNSET)
        restrictions: list[ScheduleRestrictionInput] | Unset = UNSET
        if _restrictions is not UNSET:
            restrictions = []
            for restrictions_item_data in _restrictions:
                restrictions_item = ScheduleRestrictionInput.from_dict(restrictions_item_data)

                restrictions.append(restrictions_item)

        url = d.pop("url", UNSET)

        def _parse_url_hint(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        url_hint = _parse_url_hint(d.pop("url_hint", UNSET))

        def _parse_last_fetched_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        last_fetched_at = _parse_last_fetched_at(d.pop("last_fetched_at", UNSET))

        def _parse_last_succeeded_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        last_succeeded_at = _parse_last_succeeded_at(d.pop("last_succeeded_at", UNSET))

        def _parse_last_error(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        last_error = _parse_last_error(d.pop("last_error", UNSET))

        def _parse_event_count(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        event_count = _parse_event_count(d.pop("event_count", UNSET))

        def _parse_unmatched_count(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        unmatched_count = _parse_unmatched_count(d.pop("unmatched_count", UNSET))

        schedule_ical_layer_input = cls(
            kind=kind,
            start=start,
            id=id,
            name=name,
            end=end,
            restrictions=restrictions,
            url=url,
            url_hint=url_hint,
            last_fetched_at=last_fetched_at,
            last_succeeded_at=last_succeeded_at,
            last_error=last_error,
            event_count=event_count,
            unmatched_count=unmatched_count,
        )

        return schedule_ical_layer_input
