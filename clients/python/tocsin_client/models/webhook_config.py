from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.webhook_config_events_item import WebhookConfigEventsItem
from ..models.webhook_config_method import WebhookConfigMethod
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.webhook_config_headers import WebhookConfigHeaders
    from ..models.webhook_config_secret_headers import WebhookConfigSecretHeaders
    from ..models.webhook_config_template import WebhookConfigTemplate


T = TypeVar("T", bound="WebhookConfig")


@_attrs_define
class WebhookConfig:
    """
    Attributes:
        url (str):
        method (WebhookConfigMethod):  Default: WebhookConfigMethod.POST.
        headers (WebhookConfigHeaders): Plain headers; values may use {{integration.secret}} and the incident
            placeholders. Shown as `[redacted]` to callers without integrations:update: put credentials in `secret_headers`.
        events (list[WebhookConfigEventsItem]):
        secret_headers (WebhookConfigSecretHeaders | Unset): Write-only headers for credentials: stored encrypted and
            added to every request at send time; responses show each name with the value `[redacted]`. On update, an omitted
            `secret_headers` keeps the stored ones, `{}` removes them, and the value `[redacted]` keeps the stored value of
            that name. Stored values are kept only while `url` keeps its scheme, host and port: an update moving it
            elsewhere must send every value again (422 VALIDATION_ERROR naming the header otherwise).
        template (WebhookConfigTemplate | Unset): Body; string values may use {{incident.id}}, {{incident.title}},
            {{incident.severity}}, {{incident.status}}
    """

    url: str
    headers: WebhookConfigHeaders
    events: list[WebhookConfigEventsItem]
    method: WebhookConfigMethod = WebhookConfigMethod.POST
    secret_headers: WebhookConfigSecretHeaders | Unset = UNSET
    template: WebhookConfigTemplate | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        method = self.method.value

        headers = self.headers.to_dict()

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.value
            events.append(events_item)

        secret_headers: dict[str, Any] | Unset = UNSET
        if not isinstance(self.secret_headers, Unset):
            secret_headers = self.secret_headers.to_dict()

        template: dict[str, Any] | Unset = UNSET
        if not isinstance(self.template, Unset):
            template = self.template.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "url": url,
                "method": method,
                "headers": headers,
                "events": events,
            }
        )
        if secret_headers is not UNSET:
            field_dict["secret_headers"] = secret_headers
        if template is not UNSET:
            field_dict["template"] = template

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.webhook_config_headers import WebhookConfigHeaders  # noqa: PLC0415
        from ..models.webhook_config_secret_headers import WebhookConfigSecretHeaders  # noqa: PLC0415
        from ..models.webhook_config_template import WebhookConfigTemplate  # noqa: PLC0415

        d = dict(src_dict)
        url = d.pop("url")

        method = WebhookConfigMethod(d.pop("method"))

        headers = WebhookConfigHeaders.from_dict(d.pop("headers"))

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = WebhookConfigEventsItem(events_item_data)

            events.append(events_item)

        _secret_headers = d.pop("secret_headers", UNSET)
        secret_headers: WebhookConfigSecretHeaders | Unset
        if isinstance(_secret_headers, Unset):
            secret_headers = UNSET
        else:
            secret_headers = WebhookConfigSecretHeaders.from_dict(_secret_headers)

        _template = d.pop("template", UNSET)
        template: WebhookConfigTemplate | Unset
        if isinstance(_template, Unset):
            template = UNSET
        else:
            template = WebhookConfigTemplate.from_dict(_template)

        webhook_config = cls(
            url=url,
            method=method,
            headers=headers,
            events=events,
            secret_headers=secret_headers,
            template=template,
        )

        return webhook_config
