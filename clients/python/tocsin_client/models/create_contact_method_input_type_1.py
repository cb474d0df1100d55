from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.contact_webhook_headers_input import ContactWebhookHeadersInput


T = TypeVar("T", bound="CreateContactMethodInputType1")


@_attrs_define
class CreateContactMethodInputType1:
    """
    Attributes:
        type_ (Literal['webhook']):
        label (str):
        url (str): Where webhook pages are POSTed. Write-only: it often carries a token, so responses show only its
            scheme, host and port. Sent through the outbound client that refuses private, loopback and metadata addresses.
        headers (ContactWebhookHeadersInput | Unset): Extra request headers (e.g. an SMS gateway's `Authorization`); not
            `Host`, `Content-Type`, `Content-Length` and other transport headers. Write-only: responses list their names
            only.
        template (Any | Unset): Any JSON value without a NUL character in its strings or keys
    """

    type_: Literal["webhook"]
    label: str
    url: str
    headers: ContactWebhookHeadersInput | Unset = UNSET
    template: Any | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        label = self.label

        url = self.url

        headers: dict[str, Any] | Unset = UNSET
        if not isinstance(self.headers, Unset):
            headers = self.headers.to_dict()

        template = self.template

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "label": label,
                "url": url,
            }
        )
        if headers is not UNSET:
            field_dict["headers"] = headers
        if template is not UNSET:
            field_dict["template"] = template

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.contact_webhook_headers_input import ContactWebhookHeadersInput  # noqa: PLC0415

        d = dict(src_dict)
        type_ = cast(Literal["webhook"], d.pop("type"))
        if type_ != "webhook":
            raise ValueError(f"type must match const 'webhook', got '{type_}'")

        label = d.pop("label")

        url = d.pop("url")

        _headers = d.pop("headers", UNSET)
        headers: ContactWebhookHeadersInput | Unset
        if isinstance(_headers, Unset):
            headers = UNSET
        else:
            headers = ContactWebhookHeadersInput.from_dict(_headers)

        template = d.pop("template", UNSET)

        create_contact_method_input_type_1 = cls(
            type_=type_,
            label=label,
            url=url,
            headers=headers,
            template=template,
        )

        return create_contact_method_input_type_1
