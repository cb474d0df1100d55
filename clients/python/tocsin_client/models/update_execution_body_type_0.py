from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="UpdateExecutionBodyType0")


@_attrs_define
class UpdateExecutionBodyType0:
    """
    Attributes:
        status (Literal['cancelled']):
    """

    status: Literal["cancelled"]

    def to_dict(self) -> dict[str, Any]:
        status = self.status

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        status = cast(Literal["cancelled"], d.pop("status"))
        if status != "cancelled":
            raise ValueError(f"status must match const 'cancelled', got '{status}'")

        update_execution_body_type_0 = cls(
            status=status,
        )

        return update_execution_body_type_0
