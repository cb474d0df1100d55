from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="SsoLinkConfirmResponse200Data")


@_attrs_define
class SsoLinkConfirmResponse200Data:
    """
    Attributes:
        connection_id (UUID):
        user_id (UUID):
        linked (bool):
    """

    connection_id: UUID
    user_id: UUID
    linked: bool

    def to_dict(self) -> dict[str, Any]:
        connection_id = str(self.connection_id)

        user_id = str(self.user_id)

        linked = self.linked

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "connection_id": connection_id,
                "user_id": user_id,
                "linked": linked,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        connection_id = UUID(d.pop("connection_id"))

        user_id = UUID(d.pop("user_id"))

        linked = d.pop("linked")

        sso_link_confirm_response_200_data = cls(
            connection_id=connection_id,
            user_id=user_id,
            linked=linked,
        )

        return sso_link_confirm_response_200_data
