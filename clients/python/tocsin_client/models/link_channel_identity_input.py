from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="LinkChannelIdentityInput")


@_attrs_define
class LinkChannelIdentityInput:
    """
    Attributes:
        token (str): The token of the link the channel sent you (15 minutes, single use)
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

        link_channel_identity_input = cls(
            token=token,
        )

        return link_channel_identity_input
