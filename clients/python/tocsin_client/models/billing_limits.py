from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="BillingLimits")


@_attrs_define
class BillingLimits:
    """
    Attributes:
        interactive_per_hour (int):
        api_key_per_hour (int):
        webhook_per_hour (int):
        search_per_hour (int):
        members (int | None): Members the organization may have; null: no cap (no billing provider on this instance, and
            no cap set by the operator)
        integrations (int | None): Integrations the organization may have; null: no cap (no billing provider, and no cap
            set by the operator)
    """

    interactive_per_hour: int
    api_key_per_hour: int
    webhook_per_hour: int
    search_per_hour: int
    members: int | None
    integrations: int | None

    def to_dict(self) -> dict[str, Any]:
        interactive_per_hour = self.interactive_per_hour

        api_key_per_hour = self.api_key_per_hour

        webhook_per_hour = self.webhook_per_hour

        search_per_hour = self.search_per_hour

        members: int | None
        members = self.members

        integrations: int | None
        integrations = self.integrations

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "interactive_per_hour": interactive_per_hour,
                "api_key_per_hour": api_key_per_hour,
                "webhook_per_hour": webhook_per_hour,
                "search_per_hour": search_per_hour,
                "members": members,
                "integrations": integrations,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        interactive_per_hour = d.pop("interactive_per_hour")

        api_key_per_hour = d.pop("api_key_per_hour")

        webhook_per_hour = d.pop("webhook_per_hour")

        search_per_hour = d.pop("search_per_hour")

        def _parse_members(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        members = _parse_members(d.pop("members"))

        def _parse_integrations(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        integrations = _parse_integrations(d.pop("integrations"))

        billing_limits = cls(
            interactive_per_hour=interactive_per_hour,
            api_key_per_hour=api_key_per_hour,
            webhook_per_hour=webhook_per_hour,
            search_per_hour=search_per_hour,
            members=members,
            integrations=integrations,
        )

        return billing_limits
