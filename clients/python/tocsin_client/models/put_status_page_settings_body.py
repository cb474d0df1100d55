from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PutStatusPageSettingsBody")


@_attrs_define
class PutStatusPageSettingsBody:
    """
    Attributes:
        slug (str): The page lives at `/status/{slug}`: 3 to 63 lowercase letters, digits and inner hyphens, unique
            across Tocsin
        title (str): Shown as the page heading
        enabled (bool | Unset):  Default: False.
        custom_domain (None | str | Unset): A host name (no scheme or port) whose requests the API answers with this
            page: point its DNS at Tocsin. Unique across Tocsin
    """

    slug: str
    title: str
    enabled: bool | Unset = False
    custom_domain: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        slug = self.slug

        title = self.title

        enabled = self.enabled

        custom_domain: None | str | Unset
        if isinstance(self.custom_domain, Unset):
            custom_domain = UNSET
        else:
            custom_domain = self.custom_domain

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "slug": slug,
                "title": title,
            }
        )
        if enabled is not UNSET:
            field_dict["enabled"] = enabled
        if custom_domain is not UNSET:
            field_dict["custom_domain"] = custom_domain

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        slug = d.pop("slug")

        title = d.pop("title")

        enabled = d.pop("enabled", UNSET)

        def _parse_custom_domain(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        custom_domain = _parse_custom_domain(d.pop("custom_domain", UNSET))

        put_status_page_settings_body = cls(
            slug=slug,
            title=title,
            enabled=enabled,
            custom_domain=custom_domain,
        )

        return put_status_page_settings_body
