from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.create_billing_checkout_body_plan import CreateBillingCheckoutBodyPlan
from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateBillingCheckoutBody")


@_attrs_define
class CreateBillingCheckoutBody:
    """
    Attributes:
        plan (CreateBillingCheckoutBodyPlan):
        success_url (str | Unset): Where the provider sends the payer after paying; default `<this
            instance>/billing?checkout=success`
        cancel_url (str | Unset): Where the provider sends the payer on cancel; default `<this
            instance>/billing?checkout=cancelled`
    """

    plan: CreateBillingCheckoutBodyPlan
    success_url: str | Unset = UNSET
    cancel_url: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        plan = self.plan.value

        success_url = self.success_url

        cancel_url = self.cancel_url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "plan": plan,
            }
        )
        if success_url is not UNSET:
            field_dict["success_url"] = success_url
        if cancel_url is not UNSET:
            field_dict["cancel_url"] = cancel_url

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        plan = CreateBillingCheckoutBodyPlan(d.pop("plan"))

        success_url = d.pop("success_url", UNSET)

        cancel_url = d.pop("cancel_url", UNSET)

        create_billing_checkout_body = cls(
            plan=plan,
            success_url=success_url,
            cancel_url=cancel_url,
        )

        return create_billing_checkout_body
