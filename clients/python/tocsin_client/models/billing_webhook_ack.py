from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.billing_webhook_ack_applied_type_0 import BillingWebhookAckAppliedType0

T = TypeVar("T", bound="BillingWebhookAck")


@_attrs_define
class BillingWebhookAck:
    """
    Attributes:
        received (bool):
        duplicate (bool): The event id was applied before; nothing changed
        applied (BillingWebhookAckAppliedType0 | None): What the event did; null for event types billing ignores
    """

    received: bool
    duplicate: bool
    applied: BillingWebhookAckAppliedType0 | None

    def to_dict(self) -> dict[str, Any]:
        received = self.received

        duplicate = self.duplicate

        applied: None | str
        if isinstance(self.applied, BillingWebhookAckAppliedType0):
            applied = self.applied.value
        else:
            applied = self.applied

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "received": received,
                "duplicate": duplicate,
                "applied": applied,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        received = d.pop("received")

        duplicate = d.pop("duplicate")

        def _parse_applied(data: object) -> BillingWebhookAckAppliedType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                applied_type_0 = BillingWebhookAckAppliedType0(data)

                return applied_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BillingWebhookAckAppliedType0 | None, data)

        applied = _parse_applied(d.pop("applied"))

        billing_webhook_ack = cls(
            received=received,
            duplicate=duplicate,
            applied=applied,
        )

        return billing_webhook_ack
