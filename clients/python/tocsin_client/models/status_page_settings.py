from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="StatusPageSettings")


@_attrs_define
class StatusPageSettings:
    """
    Attributes:
        slug (str): The page lives at `/status/{slug}`: 3 to 63 lowercase letters, digits and inner hyphens, unique
            across Tocsin
        title (str):
        enabled (bool): Only an enabled page is served; a disabled one answers 404
        custom_domain (None | str): A host name (no scheme or port) whose requests the API answers with this page: point
            its DNS at Tocsin. Unique across Tocsin
        url (str): Where the page is served
        updated_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    slug: str
    title: str
    enabled: bool
    custom_domain: None | str
    url: str
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        slug = self.slug

        title = self.title

        enabled = self.enabled

        custom_domain: None | str
        custom_domain = self.custom_domain

        url = self.url

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "slug": slug,
                "title": title,
                "enabled": enabled,
                "custom_domain": custom_domain,
                "url": url,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        slug = d.pop("slug")

        title = d.pop("title")

        enabled = d.pop("enabled")

        def _parse_custom_domain(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        custom_domain = _parse_custom_domain(d.pop("custom_domain"))

        url = d.pop("url")

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        status_page_settings = cls(
            slug=slug,
            title=title,
            enabled=enabled,
            custom_domain=custom_domain,
            url=url,
            updated_at=updated_at,
        )

        return status_page_settings
