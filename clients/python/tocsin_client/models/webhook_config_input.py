from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.webhook_config_input_events_item import WebhookConfigInputEventsItem
from ..models.webhook_config_input_method import WebhookConfigInputMethod
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.webhook_config_input_headers import WebhookConfigInputHeaders
    from ..models.webhook_config_input_secret_headers import WebhookConfigInputSecretHeaders
    from ..models.webhook_config_input_template import WebhookConfigInputTemplate


T = TypeVar("T", bound="WebhookConfigInput")


@_attrs_define
class WebhookConfigInput:
    """
    Attributes:
        url (str):
        events (list[WebhookConfigInputEventsItem]):
        method (WebhookConfigInputMethod | Unset):  Default: WebhookConfigInputMethod.POST.
        headers (WebhookConfigInputHeaders | Unset): Plain headers; values may use {{integration.secret}} and the
            incident placeholders. Shown as `[redacted]` to callers without integrations:update: put credentials in
            `secret_headers`.
        secret_headers (WebhookConfigInputSecretHeaders | Unset): Write-only headers for credentials: stored encrypted
            and added to every request at send time; responses show each name with the value `[redacted]`. On update, an
            omitted `secret_headers` keeps the stored ones, `{}` removes them, and the value `[redacted]` keeps the stored
            value of that name. Stored values are kept only while `url` keeps its scheme, host and port: an update moving it
            elsewhere must send every value again (422 VALIDATION_ERROR naming the header otherwise).
        template (WebhookConfigInputTemplate | Unset): Body; string values may use {{incident.id}}, {{incident.title}},
            {{incident.severity}}, {{incident.status}}
    """

    url: str
    events: list[WebhookConfigInputEventsItem]
    method: WebhookConfigInputMethod | Unset = WebhookConfigInputMethod.POST
    headers: WebhookConfigInputHeaders | Unset = UNSET
    secret_headers: WebhookConfigInputSecretHeaders | Unset = UNSET
    template: WebhookConfigInputTemplate | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.value
            events.append(events_item)

        method: str | Unset = UNSET
        if not isinstance(self.method, Unset):
            method = self.method.value

        headers: dict[str, Any] | Unset = UNSET
        if not isinstance(self.headers, Unset):
            headers = self.headers.to_dict()

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
                "events": events,
            }
        )
        if method is not UNSET:
            field_dict["method"] = method
        if headers is not UNSET:
            field_dict["headers"] = headers
        if secret_headers is not UNSET:
            field_dict["secret_headers"] = secret_headers
        if template is not UNSET:
            field_dict["template"] = template

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.webhook_config_input_headers import WebhookConfigInputHeaders  # noqa: PLC0415
        from ..models.webhook_config_input_secret_headers import WebhookConfigInputSecretHeaders  # noqa: PLC0415
        from ..models.webhook_config_input_template import WebhookConfigInputTemplate  # noqa: PLC0415

        d = dict(src_dict)
        url = d.pop("url")

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = WebhookConfigInputEventsItem(events_item_data)

            events.append(events_item)

        _method = d.pop("method", UNSET)
        method: WebhookConfigInputMethod | Unset
        if isinstance(_method, Unset):
            method = UNSET
        else:
            method = WebhookConfigInputMethod(_method)

        _headers = d.pop("headers", UNSET)
        headers: WebhookConfigInputHeaders | Unset
        if isinstance(_headers, Unset):
            headers = UNSET
        else:
            headers = WebhookConfigInputHeaders.from_dict(_headers)

        _secret_headers = d.pop("secret_headers", UNSET)
        secret_headers: WebhookConfigInputSecretHeaders | Unset
        if isinstance(_secret_headers, Unset):
            secret_headers = UNSET
        else:
            secret_headers = WebhookConfigInputSecretHeaders.from_dict(_secret_headers)

        _template = d.pop("template", UNSET)
        template: WebhookConfigInputTemplate | Unset
        if isinstance(_template, Unset):
            template = UNSET
        else:
            template = WebhookConfigInputTemplate.from_dict(_template)

        webhook_config_input = cls(
            url=url,
            events=events,
            method=method,
            headers=headers,
            secret_headers=secret_headers,
            template=template,
        )

        return webhook_config_input
