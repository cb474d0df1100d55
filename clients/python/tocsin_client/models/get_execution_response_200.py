from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.execution import Execution
    from ..models.get_execution_response_200_meta import GetExecutionResponse200Meta


T = TypeVar("T", bound="GetExecutionResponse200")


@_attrs_define
class GetExecutionResponse200:
    """
    Attributes:
        data (Execution):
        meta (GetExecutionResponse200Meta):
    """

    data: Execution
    meta: GetExecutionResponse200Meta

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
        from ..models.execution import Execution  # noqa: PLC0415
        from ..models.get_execution_response_200_meta import GetExecutionResponse200Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = Execution.from_dict(d.pop("data"))

        meta = GetExecutionResponse200Meta.from_dict(d.pop("meta"))

        get_execution_response_200 = cls(
            data=data,
            meta=meta,
        )

        return get_execution_response_200
