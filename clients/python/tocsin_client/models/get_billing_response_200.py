from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.billing import Billing
    from ..models.get_billing_response_200_meta import GetBillingResponse200Meta


T = TypeVar("T", bound="GetBillingResponse200")


@_attrs_define
class GetBillingResponse200:
    """
    Attributes:
        data (Billing):
        meta (GetBillingResponse200Meta):
    """

    data: Billing
    meta: GetBillingResponse200Meta

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
        from ..models.billing import Billing  # noqa: PLC0415
        from ..models.get_billing_response_200_meta import GetBillingResponse200Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = Billing.from_dict(d.pop("data"))

        meta = GetBillingResponse200Meta.from_dict(d.pop("meta"))

        get_billing_response_200 = cls(
            data=data,
            meta=meta,
        )

        return get_billing_response_200
