from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="BillingCheckout")


@_attrs_define
class BillingCheckout:
    """
    Attributes:
        checkout_url (str):
        session_id (str):
    """

    checkout_url: str
    session_id: str

    def to_dict(self) -> dict[str, Any]:
        checkout_url = self.checkout_url

        session_id = self.session_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "checkout_url": checkout_url,
                "session_id": session_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        checkout_url = d.pop("checkout_url")

        session_id = d.pop("session_id")

        billing_checkout = cls(
            checkout_url=checkout_url,
            session_id=session_id,
        )

        return billing_checkout
