from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.billing_plan import BillingPlan
from ..models.billing_provider_type_0 import BillingProviderType0

if TYPE_CHECKING:
    from ..models.billing_limits import BillingLimits
    from ..models.billing_usage import BillingUsage


T = TypeVar("T", bound="Billing")


@_attrs_define
class Billing:
    """
    Attributes:
        plan (BillingPlan):
        status (str): `active` on the free plan; else the subscription's provider status (`active`, `past_due`,
            `canceled`...)
        limits (BillingLimits):
        usage (BillingUsage):
        provider (BillingProviderType0 | None): The payment provider; null when billing is not configured
    """

    plan: BillingPlan
    status: str
    limits: BillingLimits
    usage: BillingUsage
    provider: BillingProviderType0 | None

    def to_dict(self) -> dict[str, Any]:
        plan = self.plan.value

        status = self.status

        limits = self.limits.to_dict()

        usage = self.usage.to_dict()

        provider: None | str
        if isinstance(self.provider, BillingProviderType0):
            provider = self.provider.value
        else:
            provider = self.provider

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "plan": plan,
                "status": status,
                "limits": limits,
                "usage": usage,
                "provider": provider,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.billing_limits import BillingLimits  # noqa: PLC0415
        from ..models.billing_usage import BillingUsage  # noqa: PLC0415

        d = dict(src_dict)
        plan = BillingPlan(d.pop("plan"))

        status = d.pop("status")

        limits = BillingLimits.from_dict(d.pop("limits"))

        usage = BillingUsage.from_dict(d.pop("usage"))

        def _parse_provider(data: object) -> BillingProviderType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                provider_type_0 = BillingProviderType0(data)

                return provider_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BillingProviderType0 | None, data)

        provider = _parse_provider(d.pop("provider"))

        billing = cls(
            plan=plan,
            status=status,
            limits=limits,
            usage=usage,
            provider=provider,
        )

        return billing
