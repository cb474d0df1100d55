from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateContactMethodInputType0")


@_attrs_define
class CreateContactMethodInputType0:
    """
    Attributes:
        type_ (Literal['email']):
        address (str): Verified by a single-use link mailed to it (24 hours), unless it is your account email
        label (str | Unset):
    """

    type_: Literal["email"]
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
        type_ = cast(Literal["email"], d.pop("type"))
        if type_ != "email":
            raise ValueError(f"type must match const 'email', got '{type_}'")

        address = d.pop("address")

        label = d.pop("label", UNSET)

        create_contact_method_input_type_0 = cls(
            type_=type_,
            address=address,
            label=label,
        )

        return create_contact_method_input_type_0
