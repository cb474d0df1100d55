from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.cancel_schedule_swap_request_response_200_meta import CancelScheduleSwapRequestResponse200Meta
    from ..models.schedule_swap_request import ScheduleSwapRequest


T = TypeVar("T", bound="CancelScheduleSwapRequestResponse200")


@_attrs_define
class CancelScheduleSwapRequestResponse200:
    """
    Attributes:
        data (ScheduleSwapRequest):
        meta (CancelScheduleSwapRequestResponse200Meta):
    """

    data: ScheduleSwapRequest
    meta: CancelScheduleSwapRequestResponse200Meta

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
        from ..models.cancel_schedule_swap_request_response_200_meta import CancelScheduleSwapRequestResponse200Meta  # noqa: PLC0415
        from ..models.schedule_swap_request import ScheduleSwapRequest  # noqa: PLC0415

        d = dict(src_dict)
        data = ScheduleSwapRequest.from_dict(d.pop("data"))

        meta = CancelScheduleSwapRequestResponse200Meta.from_dict(d.pop("meta"))

        cancel_schedule_swap_request_response_200 = cls(
            data=data,
            meta=meta,
        )

        return cancel_schedule_swap_request_response_200
