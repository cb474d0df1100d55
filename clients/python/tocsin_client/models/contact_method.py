from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.contact_method_type import ContactMethodType
from ..models.contact_method_verification import ContactMethodVerification

if TYPE_CHECKING:
    from ..models.contact_method_webhook_type_0 import ContactMethodWebhookType0


T = TypeVar("T", bound="ContactMethod")


@_attrs_define
class ContactMethod:
    """
    Attributes:
        id (UUID):
        user_id (UUID):
        type_ (ContactMethodType):
        label (str):
        address (None | str): The public part of the destination: an email address, a phone number, an ntfy topic, a
            chat user or room; null for webhooks
        webhook (ContactMethodWebhookType0 | None):
        verified (bool): Unverified methods are never paged
        verification (ContactMethodVerification): How it is verified: `link` mailed to it, `code` sent through it
            (confirm with POST .../verify), `none` (a webhook you configured)
        verified_at (datetime.datetime | None):
        created_at (datetime.datetime): ISO 8601 UTC timestamp
        updated_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    id: UUID
    user_id: UUID
    type_: ContactMethodType
    label: str
    address: None | str
    webhook: ContactMethodWebhookType0 | None
    verified: bool
    verification: ContactMethodVerification
    verified_at: datetime.datetime | None
    created_at: datetime.datetime
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        from ..models.contact_method_webhook_type_0 import ContactMethodWebhookType0  # noqa: PLC0415

        id = str(self.id)

        user_id = str(self.user_id)

        type_ = self.type_.value

        label = self.label

        address: None | str
        address = self.address

        webhook: dict[str, Any] | None
        if isinstance(self.webhook, ContactMethodWebhookType0):
            webhook = self.webhook.to_dict()
        else:
            webhook = self.webhook

        verified = self.verified

        verification = self.verification.value

        verified_at: None | str
        if isinstance(self.verified_at, datetime.datetime):
            verified_at = self.verified_at.isoformat()
        else:
            verified_at = self.verified_at

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "user_id": user_id,
                "type": type_,
                "label": label,
                "address": address,
                "webhook": webhook,
                "verified": verified,
                "verification": verification,
                "verified_at": verified_at,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.contact_method_webhook_type_0 import ContactMethodWebhookType0  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        user_id = UUID(d.pop("user_id"))

        type_ = ContactMethodType(d.pop("type"))

        label = d.pop("label")

        def _parse_address(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        address = _parse_address(d.pop("address"))

        def _parse_webhook(data: object) -> ContactMethodWebhookType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                webhook_type_0 = ContactMethodWebhookType0.from_dict(data)

                return webhook_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ContactMethodWebhookType0 | None, data)

        webhook = _parse_webhook(d.pop("webhook"))

        verified = d.pop("verified")

        verification = ContactMethodVerification(d.pop("verification"))

        def _parse_verified_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                verified_at_type_0 = datetime.datetime.fromisoformat(data)

                return verified_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        verified_at = _parse_verified_at(d.pop("verified_at"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        contact_method = cls(
            id=id,
            user_id=user_id,
            type_=type_,
            label=label,
            address=address,
            webhook=webhook,
            verified=verified,
            verification=verification,
            verified_at=verified_at,
            created_at=created_at,
            updated_at=updated_at,
        )

        return contact_method
