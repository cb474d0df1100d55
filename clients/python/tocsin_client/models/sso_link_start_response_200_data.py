from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="SsoLinkStartResponse200Data")


@_attrs_define
class SsoLinkStartResponse200Data:
    """
    Attributes:
        authorization_url (str):
    """

    authorization_url: str

    def to_dict(self) -> dict[str, Any]:
        authorization_url = self.authorization_url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "authorization_url": authorization_url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        authorization_url = d.pop("authorization_url")

        sso_link_start_response_200_data = cls(
            authorization_url=authorization_url,
        )

        return sso_link_start_response_200_data
