from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="SlackInstallData")


@_attrs_define
class SlackInstallData:
    """
    Attributes:
        authorization_url (str): Slack's page asking a workspace admin to allow the app
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

        slack_install_data = cls(
            authorization_url=authorization_url,
        )

        return slack_install_data
