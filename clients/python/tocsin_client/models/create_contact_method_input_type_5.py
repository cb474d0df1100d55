from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateContactMethodInputType5")


@_attrs_define
class CreateContactMethodInputType5:
    """
    Attributes:
        type_ (Literal['voice']):
        address (str): The phone number in E.164 form (e.g. +14155550100); verified by a 6-digit code sent to it
        label (str | Unset):
    """

    type_: Literal["voice"]
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
        type_ = cast(Literal["voice"], d.pop("type"))
        if type_ != "voice":
            raise ValueError(f"type must match const 'voice', got '{type_}'")

        address = d.pop("address")

        label = d.pop("label", UNSET)

        create_contact_method_input_type_5 = cls(
            type_=type_,
            address=address,
            label=label,
        )

        return create_contact_method_input_type_5
