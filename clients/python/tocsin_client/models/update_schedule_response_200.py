from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.schedule import Schedule
    from ..models.update_schedule_response_200_meta import UpdateScheduleResponse200Meta


T = TypeVar("T", bound="UpdateScheduleResponse200")


@_attrs_define
class UpdateScheduleResponse200:
    """
    Attributes:
        data (Schedule):
        meta (UpdateScheduleResponse200Meta):
    """

    data: Schedule
    meta: UpdateScheduleResponse200Meta

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
        from ..models.schedule import Schedule  # noqa: PLC0415
        from ..models.update_schedule_response_200_meta import UpdateScheduleResponse200Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = Schedule.from_dict(d.pop("data"))

        meta = UpdateScheduleResponse200Meta.from_dict(d.pop("meta"))

        update_schedule_response_200 = cls(
            data=data,
            meta=meta,
        )

        return update_schedule_response_200
