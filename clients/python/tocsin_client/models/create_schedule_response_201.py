from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.create_schedule_response_201_meta import CreateScheduleResponse201Meta
    from ..models.schedule import Schedule


T = TypeVar("T", bound="CreateScheduleResponse201")


@_attrs_define
class CreateScheduleResponse201:
    """
    Attributes:
        data (Schedule):
        meta (CreateScheduleResponse201Meta):
    """

    data: Schedule
    meta: CreateScheduleResponse201Meta

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
        from ..models.create_schedule_response_201_meta import CreateScheduleResponse201Meta  # noqa: PLC0415
        from ..models.schedule import Schedule  # noqa: PLC0415

        d = dict(src_dict)
        data = Schedule.from_dict(d.pop("data"))

        meta = CreateScheduleResponse201Meta.from_dict(d.pop("meta"))

        create_schedule_response_201 = cls(
            data=data,
            meta=meta,
        )

        return create_schedule_response_201
