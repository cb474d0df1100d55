from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.platform_setup_platform import PlatformSetupPlatform

if TYPE_CHECKING:
    from ..models.integration import Integration


T = TypeVar("T", bound="PlatformSetup")


@_attrs_define
class PlatformSetup:
    """
    Attributes:
        platform (PlatformSetupPlatform):
        webhook_url_template (str):
        short_form_url (str):
        signature_header (str):
        signature_format (str):
        alternative_authentication (str):
        example_payload (Any):
        integrations (list[Integration]):
    """

    platform: PlatformSetupPlatform
    webhook_url_template: str
    short_form_url: str
    signature_header: str
    signature_format: str
    alternative_authentication: str
    example_payload: Any
    integrations: list[Integration]

    def to_dict(self) -> dict[str, Any]:
        platform = self.platform.value

        webhook_url_template = self.webhook_url_template

        short_form_url = self.short_form_url

        signature_header = self.signature_header

        signature_format = self.signature_format

        alternative_authentication = self.alternative_authentication

        example_payload = self.example_payload

        integrations = []
        for integrations_item_data in self.integrations:
            integrations_item = integrations_item_data.to_dict()
            integrations.append(integrations_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "platform": platform,
                "webhook_url_template": webhook_url_template,
                "short_form_url": short_form_url,
                "signature_header": signature_header,
                "signature_format": signature_format,
                "alternative_authentication": alternative_authentication,
                "example_payload": example_payload,
                "integrations": integrations,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.integration import Integration  # noqa: PLC0415

        d = dict(src_dict)
        platform = PlatformSetupPlatform(d.pop("platform"))

        webhook_url_template = d.pop("webhook_url_template")

        short_form_url = d.pop("short_form_url")

        signature_header = d.pop("signature_header")

        signature_format = d.pop("signature_format")

        alternative_authentication = d.pop("alternative_authentication")

        example_payload = d.pop("example_payload")

        integrations = []
        _integrations = d.pop("integrations")
        for integrations_item_data in _integrations:
            integrations_item = Integration.from_dict(integrations_item_data)

            integrations.append(integrations_item)

        platform_setup = cls(
            platform=platform,
            webhook_url_template=webhook_url_template,
            short_form_url=short_form_url,
            signature_header=signature_header,
            signature_format=signature_format,
            alternative_authentication=alternative_authentication,
            example_payload=example_payload,
            integrations=integrations,
        )

        return platform_setup
