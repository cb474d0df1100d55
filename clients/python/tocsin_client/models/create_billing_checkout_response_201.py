from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.billing_checkout import BillingCheckout
    from ..models.create_billing_checkout_response_201_meta import CreateBillingCheckoutResponse201Meta


T = TypeVar("T", bound="CreateBillingCheckoutResponse201")


@_attrs_define
class CreateBillingCheckoutResponse201:
    """
    Attributes:
        data (BillingCheckout):
        meta (CreateBillingCheckoutResponse201Meta):
    """

    data: BillingCheckout
    meta: CreateBillingCheckoutResponse201Meta

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
        from ..models.billing_checkout import BillingCheckout  # noqa: PLC0415
        from ..models.create_billing_checkout_response_201_meta import CreateBillingCheckoutResponse201Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = BillingCheckout.from_dict(d.pop("data"))

        meta = CreateBillingCheckoutResponse201Meta.from_dict(d.pop("meta"))

        create_billing_checkout_response_201 = cls(
            data=data,
            meta=meta,
        )

        return create_billing_checkout_response_201
