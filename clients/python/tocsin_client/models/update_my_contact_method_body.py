from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.contact_webhook_headers_input import ContactWebhookHeadersInput


T = TypeVar("T", bound="UpdateMyContactMethodBody")


@_attrs_define
class UpdateMyContactMethodBody:
    """
    Attributes:
        label (str | Unset):
        url (str | Unset): Where webhook pages are POSTed. Write-only: it often carries a token, so responses show only
            its scheme, host and port. Sent through the outbound client that refuses private, loopback and metadata
            addresses.
        headers (ContactWebhookHeadersInput | Unset): Extra request headers (e.g. an SMS gateway's `Authorization`); not
            `Host`, `Content-Type`, `Content-Length` and other transport headers. Write-only: responses list their names
            only.
        template (Any | None | Unset):
    """

    label: str | Unset = UNSET
    url: str | Unset = UNSET
    headers: ContactWebhookHeadersInput | Unset = UNSET
    template: Any | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        label = self.label

        url = self.url

        headers: dict[str, Any] | Unset = UNSET
        if not isinstance(self.headers, Unset):
            headers = self.headers.to_dict()

        template: Any | None | Unset
        if isinstance(self.template, Unset):
            template = UNSET
        else:
            template = self.template

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if label is not UNSET:
            field_dict["label"] = label
        if url is not UNSET:
            field_dict["url"] = url
        if headers is not UNSET:
            field_dict["headers"] = headers
        if template is not UNSET:
            field_dict["template"] = template

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.contact_webhook_headers_input import ContactWebhookHeadersInput  # noqa: PLC0415

        d = dict(src_dict)
        label = d.pop("label", UNSET)

        url = d.pop("url", UNSET)

        _headers = d.pop("headers", UNSET)
        headers: ContactWebhookHeadersInput | Unset
        if isinstance(_headers, Unset):
            headers = UNSET
        else:
            headers = ContactWebhookHeadersInput.from_dict(_headers)

        def _parse_template(data: object) -> Any | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(Any | None | Unset, data)

        template = _parse_template(d.pop("template", UNSET))

        update_my_contact_method_body = cls(
            label=label,
            url=url,
            headers=headers,
            template=template,
        )

        return update_my_contact_method_body
