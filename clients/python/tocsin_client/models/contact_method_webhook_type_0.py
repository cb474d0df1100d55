from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ContactMethodWebhookType0")


@_attrs_define
class ContactMethodWebhookType0:
    """
    Attributes:
        destination (str): Scheme, host and port of the URL; the URL itself is never shown
        header_names (list[str]):
        template (Any | None):
    """

    destination: str
    header_names: list[str]
    template: Any | None

    def to_dict(self) -> dict[str, Any]:
        destination = self.destination

        header_names = self.header_names

        template: Any | None
        template = self.template

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "destination": destination,
                "header_names": header_names,
                "template": template,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        destination = d.pop("destination")

        header_names = cast(list[str], d.pop("header_names"))

        def _parse_template(data: object) -> Any | None:
            if data is None:
                return data
            return cast(Any | None, data)

        template = _parse_template(d.pop("template"))

        contact_method_webhook_type_0 = cls(
            destination=destination,
            header_names=header_names,
            template=template,
        )

        return contact_method_webhook_type_0
