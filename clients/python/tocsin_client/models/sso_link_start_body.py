from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="SsoLinkStartBody")


@_attrs_define
class SsoLinkStartBody:
    """
    Attributes:
        connection_id (UUID): One of your organization's enabled connections
        redirect_to (str | Unset): Where to send the browser after the sign-in (same origin as the API)
    """

    connection_id: UUID
    redirect_to: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        connection_id = str(self.connection_id)

        redirect_to = self.redirect_to

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "connection_id": connection_id,
            }
        )
        if redirect_to is not UNSET:
            field_dict["redirect_to"] = redirect_to

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        connection_id = UUID(d.pop("connection_id"))

        redirect_to = d.pop("redirect_to", UNSET)

        sso_link_start_body = cls(
            connection_id=connection_id,
            redirect_to=redirect_to,
        )

        return sso_link_start_body
