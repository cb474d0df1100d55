from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateContactMethodInputType2")


@_attrs_define
class CreateContactMethodInputType2:
    """
    Attributes:
        type_ (Literal['push']):
        topic (str): Your own topic, subscribed in the ntfy app. Write-only: stored encrypted
        label (str | Unset):
        server_url (str | Unset): Your ntfy server (e.g. https://ntfy.example.com); absent: the organization’s, else
            ntfy.sh
        access_token (str | Unset): An ntfy access token allowed to write to the topic (`ntfy token add`). Write-only:
            stored encrypted
    """

    type_: Literal["push"]
    topic: str
    label: str | Unset = UNSET
    server_url: str | Unset = UNSET
    access_token: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        topic = self.topic

        label = self.label

        server_url = self.server_url

        access_token = self.access_token

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "topic": topic,
            }
        )
        if label is not UNSET:
            field_dict["label"] = label
        if server_url is not UNSET:
            field_dict["server_url"] = server_url
        if access_token is not UNSET:
            field_dict["access_token"] = access_token

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["push"], d.pop("type"))
        if type_ != "push":
            raise ValueError(f"type must match const 'push', got '{type_}'")

        topic = d.pop("topic")

        label = d.pop("label", UNSET)

        server_url = d.pop("server_url", UNSET)

        access_token = d.pop("access_token", UNSET)

        create_contact_method_input_type_2 = cls(
            type_=type_,
            topic=topic,
            label=label,
            server_url=server_url,
            access_token=access_token,
        )

        return create_contact_method_input_type_2
