from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.get_procedure_response_200_meta import GetProcedureResponse200Meta
    from ..models.procedure import Procedure


T = TypeVar("T", bound="GetProcedureResponse200")


@_attrs_define
class GetProcedureResponse200:
    """
    Attributes:
        data (Procedure):
        meta (GetProcedureResponse200Meta):
    """

    data: Procedure
    meta: GetProcedureResponse200Meta

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
        from ..models.get_procedure_response_200_meta import GetProcedureResponse200Meta  # noqa: PLC0415
        from ..models.procedure import Procedure  # noqa: PLC0415

        d = dict(src_dict)
        data = Procedure.from_dict(d.pop("data"))

        meta = GetProcedureResponse200Meta.from_dict(d.pop("meta"))

        get_procedure_response_200 = cls(
            data=data,
            meta=meta,
        )

        return get_procedure_response_200
