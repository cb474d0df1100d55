from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.schedule_rotation_layer_handoff_day_type_0 import ScheduleRotationLayerHandoffDayType0
from ..models.schedule_rotation_layer_rotation import ScheduleRotationLayerRotation
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.schedule_restriction import ScheduleRestriction


T = TypeVar("T", bound="ScheduleRotationLayer")


@_attrs_define
class ScheduleRotationLayer:
    """
    Attributes:
        kind (Literal['rotation']):  Default: 'rotation'.
        start (Any): When the layer starts to apply; the first user of a rotation holds the turn containing it
        restrictions (list[ScheduleRestriction]): When present, the layer only applies inside these windows
        users (list[UUID]): The rotation's order: members of the organization, a member may appear more than once
        rotation (ScheduleRotationLayerRotation):
        handoff_time (str): Local time of each handoff in the schedule zone, kept across DST changes Default: '09:00'.
        name (None | str | Unset):
        end (Any | None | Unset): When the layer stops applying; open-ended when absent
        turn_hours (int | None | Unset): Turn length of a `custom` rotation, in wall-clock hours
        handoff_day (None | ScheduleRotationLayerHandoffDayType0 | Unset): Weekday of the handoff of a `weekly` rotation
            (Monday when absent)
    """

    start: Any
    restrictions: list[ScheduleRestriction]
    users: list[UUID]
    rotation: ScheduleRotationLayerRotation
    kind: Literal["rotation"] = "rotation"
    handoff_time: str = "09:00"
    name: None | str | Unset = UNSET
    end: Any | None | Unset = UNSET
    turn_hours: int | None | Unset = UNSET
    handoff_day: None | ScheduleRotationLayerHandoffDayType0 | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        start = self.start

        restrictions = []
        for restrictions_item_data in self.restrictions:
            restrictions_item = restrictions_item_data.to_dict()
            restrictions.append(restrictions_item)

        users = []
        for users_item_data in self.users:
            users_item = str(users_item_data)
            users.append(users_item)

        rotation = self.rotation.value

        handoff_time = self.handoff_time

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        end: Any | None | Unset
        if isinstance(self.end, Unset):
            end = UNSET
        else:
            end = self.end

        turn_hours: int | None | Unset
        if isinstance(self.turn_hours, Unset):
            turn_hours = UNSET
        else:
            turn_hours = self.turn_hours

        handoff_day: None | str | Unset
        if isinstance(self.handoff_day, Unset):
            handoff_day = UNSET
        elif isinstance(self.handoff_day, ScheduleRotationLayerHandoffDayType0):
            handoff_day = self.handoff_day.value
        else:
            handoff_day = self.handoff_day

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "start": start,
                "restrictions": restrictions,
                "users": users,
                "rotation": rotation,
                "handoff_time": handoff_time,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name
        if end is not UNSET:
            field_dict["end"] = end
        if turn_hours is not UNSET:
            field_dict["turn_hours"] = turn_hours
        if handoff_day is not UNSET:
            field_dict["handoff_day"] = handoff_day

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.schedule_restriction import ScheduleRestriction  # noqa: PLC0415

        d = dict(src_dict)
        kind = cast(Literal["rotation"], d.pop("kind"))
        if kind != "rotation":
            raise ValueError(f"kind must match const 'rotation', got '{kind}'")

        start = d.pop("start")

        restrictions = []
        _restrictions = d.pop("restrictions")
        for restrictions_item_data in _restrictions:
            restrictions_item = ScheduleRestriction.from_dict(restrictions_item_data)

            restrictions.append(restrictions_item)

        users = []
        _users = d.pop("users")
        for users_item_data in _users:
            users_item = UUID(users_item_data)

            users.append(users_item)

        rotation = ScheduleRotationLayerRotation(d.pop("rotation"))

        handoff_time = d.pop("handoff_time")

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        def _parse_end(data: object) -> Any | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(Any | None | Unset, data)

        end = _parse_end(d.pop("end", UNSET))

        def _parse_turn_hours(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        turn_hours = _parse_turn_hours(d.pop("turn_hours", UNSET))

        def _parse_handoff_day(data: object) -> None | ScheduleRotationLayerHandoffDayType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                handoff_day_type_0 = ScheduleRotationLayerHandoffDayType0(data)

                return handoff_day_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ScheduleRotationLayerHandoffDayType0 | Unset, data)

        handoff_day = _parse_handoff_day(d.pop("handoff_day", UNSET))

        schedule_rotation_layer = cls(
            kind=kind,
            start=start,
            restrictions=restrictions,
            users=users,
            rotation=rotation,
            handoff_time=handoff_time,
            name=name,
            end=end,
            turn_hours=turn_hours,
            handoff_day=handoff_day,
        )

        return schedule_rotation_layer
