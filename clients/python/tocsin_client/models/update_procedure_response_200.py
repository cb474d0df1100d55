from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.procedure import Procedure
    from ..models.update_procedure_response_200_meta import UpdateProcedureResponse200Meta


T = TypeVar("T", bound="UpdateProcedureResponse200")


@_attrs_define
class UpdateProcedureResponse200:
    """
    Attributes:
        data (Procedure):
        meta (UpdateProcedureResponse200Meta):
    """

    data: Procedure
    meta: UpdateProcedureResponse200Meta

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
        from ..models.procedure import Procedure  # noqa: PLC0415
        from ..models.update_procedure_response_200_meta import UpdateProcedureResponse200Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = Procedure.from_dict(d.pop("data"))

        meta = UpdateProcedureResponse200Meta.from_dict(d.pop("meta"))

        update_procedure_response_200 = cls(
            data=data,
            meta=meta,
        )

        return update_procedure_response_200
