from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.execution import Execution
    from ..models.update_execution_response_200_meta import UpdateExecutionResponse200Meta


T = TypeVar("T", bound="UpdateExecutionResponse200")


@_attrs_define
class UpdateExecutionResponse200:
    """
    Attributes:
        data (Execution):
        meta (UpdateExecutionResponse200Meta):
    """

    data: Execution
    meta: UpdateExecutionResponse200Meta

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
        from ..models.update_execution_response_200_meta import UpdateExecutionResponse200Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = Execution.from_dict(d.pop("data"))

        meta = UpdateExecutionResponse200Meta.from_dict(d.pop("meta"))

        update_execution_response_200 = cls(
            data=data,
            meta=meta,
        )

        return update_execution_response_200
