from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="SsoLinkConfirmBody")


@_attrs_define
class SsoLinkConfirmBody:
    """
    Attributes:
        token (str): The link token of the mail
    """

    token: str

    def to_dict(self) -> dict[str, Any]:
        token = self.token

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "token": token,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        token = d.pop("token")

        sso_link_confirm_body = cls(
            token=token,
        )

        return sso_link_confirm_body
