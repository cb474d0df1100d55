from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.schedule_gap import ScheduleGap
    from ..models.schedule_shift import ScheduleShift
    from ..models.schedule_shifts_layers_item import ScheduleShiftsLayersItem


T = TypeVar("T", bound="ScheduleShifts")


@_attrs_define
class ScheduleShifts:
    """
    Attributes:
        schedule_id (UUID):
        time_zone (str):
        from_ (datetime.datetime): ISO 8601 UTC timestamp
        to (datetime.datetime): ISO 8601 UTC timestamp
        shifts (list[ScheduleShift]): The final schedule: contiguous shifts, sorted, never overlapping
        gaps (list[ScheduleGap]): Parts of the window nobody covers
        layers (list[ScheduleShiftsLayersItem]): Each layer on its own, before the layers above it and the overrides
    """

    schedule_id: UUID
    time_zone: str
    from_: datetime.datetime
    to: datetime.datetime
    shifts: list[ScheduleShift]
    gaps: list[ScheduleGap]
    layers: list[ScheduleShiftsLayersItem]

    def to_dict(self) -> dict[str, Any]:
        schedule_id = str(self.schedule_id)

        time_zone = self.time_zone

        from_ = self.from_.isoformat()

        to = self.to.isoformat()

        shifts = []
        for shifts_item_data in self.shifts:
            shifts_item = shifts_item_data.to_dict()
            shifts.append(shifts_item)

        gaps = []
        for gaps_item_data in self.gaps:
            gaps_item = gaps_item_data.to_dict()
            gaps.append(gaps_item)

        layers = []
        for layers_item_data in self.layers:
            layers_item = layers_item_data.to_dict()
            layers.append(layers_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "schedule_id": schedule_id,
                "time_zone": time_zone,
                "from": from_,
                "to": to,
                "shifts": shifts,
                "gaps": gaps,
                "layers": layers,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.schedule_gap import ScheduleGap  # noqa: PLC0415
        from ..models.schedule_shift import ScheduleShift  # noqa: PLC0415
        from ..models.schedule_shifts_layers_item import ScheduleShiftsLayersItem  # noqa: PLC0415

        d = dict(src_dict)
        schedule_id = UUID(d.pop("schedule_id"))

        time_zone = d.pop("time_zone")

        from_ = datetime.datetime.fromisoformat(d.pop("from"))

        to = datetime.datetime.fromisoformat(d.pop("to"))

        shifts = []
        _shifts = d.pop("shifts")
        for shifts_item_data in _shifts:
            shifts_item = ScheduleShift.from_dict(shifts_item_data)

            shifts.append(shifts_item)

        gaps = []
        _gaps = d.pop("gaps")
        for gaps_item_data in _gaps:
            gaps_item = ScheduleGap.from_dict(gaps_item_data)

            gaps.append(gaps_item)

        layers = []
        _layers = d.pop("layers")
        for layers_item_data in _layers:
            layers_item = ScheduleShiftsLayersItem.from_dict(layers_item_data)

            layers.append(layers_item)

        schedule_shifts = cls(
            schedule_id=schedule_id,
            time_zone=time_zone,
            from_=from_,
            to=to,
            shifts=shifts,
            gaps=gaps,
            layers=layers,
        )

        return schedule_shifts
