from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.execute_procedure_response_201_meta import ExecuteProcedureResponse201Meta
    from ..models.execution import Execution


T = TypeVar("T", bound="ExecuteProcedureResponse201")


@_attrs_define
class ExecuteProcedureResponse201:
    """
    Attributes:
        data (Execution):
        meta (ExecuteProcedureResponse201Meta):
    """

    data: Execution
    meta: ExecuteProcedureResponse201Meta

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
        from ..models.execute_procedure_response_201_meta import ExecuteProcedureResponse201Meta  # noqa: PLC0415
        from ..models.execution import Execution  # noqa: PLC0415

        d = dict(src_dict)
        data = Execution.from_dict(d.pop("data"))

        meta = ExecuteProcedureResponse201Meta.from_dict(d.pop("meta"))

        execute_procedure_response_201 = cls(
            data=data,
            meta=meta,
        )

        return execute_procedure_response_201
