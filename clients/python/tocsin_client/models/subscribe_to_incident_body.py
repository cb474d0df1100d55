from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="SubscribeToIncidentBody")


@_attrs_define
class SubscribeToIncidentBody:
    """
    Attributes:
        email (str | Unset): An outside address: it gets a confirmation mail first (double opt-in). Omit it to subscribe
            yourself (your account's address, confirmed at once)
    """

    email: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        email = self.email

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if email is not UNSET:
            field_dict["email"] = email

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        email = d.pop("email", UNSET)

        subscribe_to_incident_body = cls(
            email=email,
        )

        return subscribe_to_incident_body
