from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.decline_schedule_swap_request_response_200_meta import DeclineScheduleSwapRequestResponse200Meta
    from ..models.schedule_swap_request import ScheduleSwapRequest


T = TypeVar("T", bound="DeclineScheduleSwapRequestResponse200")


@_attrs_define
class DeclineScheduleSwapRequestResponse200:
    """
    Attributes:
        data (ScheduleSwapRequest):
        meta (DeclineScheduleSwapRequestResponse200Meta):
    """

    data: ScheduleSwapRequest
    meta: DeclineScheduleSwapRequestResponse200Meta

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
        from ..models.decline_schedule_swap_request_response_200_meta import DeclineScheduleSwapRequestResponse200Meta  # noqa: PLC0415
        from ..models.schedule_swap_request import ScheduleSwapRequest  # noqa: PLC0415

        d = dict(src_dict)
        data = ScheduleSwapRequest.from_dict(d.pop("data"))

        meta = DeclineScheduleSwapRequestResponse200Meta.from_dict(d.pop("meta"))

        decline_schedule_swap_request_response_200 = cls(
            data=data,
            meta=meta,
        )

        return decline_schedule_swap_request_response_200
