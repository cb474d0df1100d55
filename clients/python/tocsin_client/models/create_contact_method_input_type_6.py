from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateContactMethodInputType6")


@_attrs_define
class CreateContactMethodInputType6:
    """
    Attributes:
        type_ (Literal['slack']):
        address (str):
        label (str | Unset):
    """

    type_: Literal["slack"]
    address: str
    label: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        address = self.address

        label = self.label

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "address": address,
            }
        )
        if label is not UNSET:
            field_dict["label"] = label

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["slack"], d.pop("type"))
        if type_ != "slack":
            raise ValueError(f"type must match const 'slack', got '{type_}'")

        address = d.pop("address")

        label = d.pop("label", UNSET)

        create_contact_method_input_type_6 = cls(
            type_=type_,
            address=address,
            label=label,
        )

        return create_contact_method_input_type_6
