from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.create_procedure_response_201_meta import CreateProcedureResponse201Meta
    from ..models.procedure import Procedure


T = TypeVar("T", bound="CreateProcedureResponse201")


@_attrs_define
class CreateProcedureResponse201:
    """
    Attributes:
        data (Procedure):
        meta (CreateProcedureResponse201Meta):
    """

    data: Procedure
    meta: CreateProcedureResponse201Meta

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
        from ..models.create_procedure_response_201_meta import CreateProcedureResponse201Meta  # noqa: PLC0415
        from ..models.procedure import Procedure  # noqa: PLC0415

        d = dict(src_dict)
        data = Procedure.from_dict(d.pop("data"))

        meta = CreateProcedureResponse201Meta.from_dict(d.pop("meta"))

        create_procedure_response_201 = cls(
            data=data,
            meta=meta,
        )

        return create_procedure_response_201
