from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.schedule_rotation_layer_input_handoff_day_type_0 import ScheduleRotationLayerInputHandoffDayType0
from ..models.schedule_rotation_layer_input_rotation import ScheduleRotationLayerInputRotation
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.schedule_restriction_input import ScheduleRestrictionInput


T = TypeVar("T", bound="ScheduleRotationLayerInput")


@_attrs_define
class ScheduleRotationLayerInput:
    """
    Attributes:
        start (datetime.datetime): When the layer starts to apply; the first user of a rotation holds the turn
            containing it
        users (list[UUID]): The rotation's order: members of the organization, a member may appear more than once
        rotation (ScheduleRotationLayerInputRotation):
        kind (Literal['rotation'] | Unset):  Default: 'rotation'.
        name (None | str | Unset):
        end (datetime.datetime | None | Unset): When the layer stops applying; open-ended when absent
        restrictions (list[ScheduleRestrictionInput] | Unset): When present, the layer only applies inside these windows
        turn_hours (int | None | Unset): Turn length of a `custom` rotation, in wall-clock hours
        handoff_time (str | Unset): Local time of each handoff in the schedule zone, kept across DST changes Default:
            '09:00'.
        handoff_day (None | ScheduleRotationLayerInputHandoffDayType0 | Unset): Weekday of the handoff of a `weekly`
            rotation (Monday when absent)
    """

    start: datetime.datetime
    users: list[UUID]
    rotation: ScheduleRotationLayerInputRotation
    kind: Literal["rotation"] | Unset = "rotation"
    name: None | str | Unset = UNSET
    end: datetime.datetime | None | Unset = UNSET
    restrictions: list[ScheduleRestrictionInput] | Unset = UNSET
    turn_hours: int | None | Unset = UNSET
    handoff_time: str | Unset = "09:00"
    handoff_day: None | ScheduleRotationLayerInputHandoffDayType0 | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        start = self.start.isoformat()

        users = []
        for users_item_data in self.users:
            users_item = str(users_item_data)
            users.append(users_item)

        rotation = self.rotation.value

        kind = self.kind

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

        turn_hours: int | None | Unset
        if isinstance(self.turn_hours, Unset):
            turn_hours = UNSET
        else:
            turn_hours = self.turn_hours

        handoff_time = self.handoff_time

        handoff_day: None | str | Unset
        if isinstance(self.handoff_day, Unset):
            handoff_day = UNSET
        elif isinstance(self.handoff_day, ScheduleRotationLayerInputHandoffDayType0):
            handoff_day = self.handoff_day.value
        else:
            handoff_day = self.handoff_day

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "start": start,
                "users": users,
                "rotation": rotation,
            }
        )
        if kind is not UNSET:
            field_dict["kind"] = kind
        if name is not UNSET:
            field_dict["name"] = name
        if end is not UNSET:
            field_dict["end"] = end
        if restrictions is not UNSET:
            field_dict["restrictions"] = restrictions
        if turn_hours is not UNSET:
            field_dict["turn_hours"] = turn_hours
        if handoff_time is not UNSET:
            field_dict["handoff_time"] = handoff_time
        if handoff_day is not UNSET:
            field_dict["handoff_day"] = handoff_day

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.schedule_restriction_input import ScheduleRestrictionInput  # noqa: PLC0415

        d = dict(src_dict)
        start = datetime.datetime.fromisoformat(d.pop("start"))

        users = []
        _users = d.pop("users")
        for users_item_data in _users:
            users_item = UUID(users_item_data)

            users.append(users_item)

        rotation = ScheduleRotationLayerInputRotation(d.pop("rotation"))

        kind = cast(Literal["rotation"] | Unset, d.pop("kind", UNSET))
        if kind != "rotation" and not isinstance(kind, Unset):
            raise ValueError(f"kind must match const 'rotation', got '{kind}'")

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

        def _parse_turn_hours(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        turn_hours = _parse_turn_hours(d.pop("turn_hours", UNSET))

        handoff_time = d.pop("handoff_time", UNSET)

        def _parse_handoff_day(data: object) -> None | ScheduleRotationLayerInputHandoffDayType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                handoff_day_type_0 = ScheduleRotationLayerInputHandoffDayType0(data)

                return handoff_day_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ScheduleRotationLayerInputHandoffDayType0 | Unset, data)

        handoff_day = _parse_handoff_day(d.pop("handoff_day", UNSET))

        schedule_rotation_layer_input = cls(
            start=start,
            users=users,
            rotation=rotation,
            kind=kind,
            name=name,
            end=end,
            restrictions=restrictions,
            turn_hours=turn_hours,
            handoff_time=handoff_time,
            handoff_day=handoff_day,
        )

        return schedule_rotation_layer_input
