from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="RefreshResponse")


@_attrs_define
class RefreshResponse:
    """
    Attributes:
        access_token (str):
        refresh_token (str): The rotated refresh token: use it for the next refresh; the one presented is spent
        token_type (Literal['bearer']):
        expires_in (int): Seconds
    """

    access_token: str
    refresh_token: str
    token_type: Literal["bearer"]
    expires_in: int

    def to_dict(self) -> dict[str, Any]:
        access_token = self.access_token

        refresh_token = self.refresh_token

        token_type = self.token_type

        expires_in = self.expires_in

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "access_token": access_token,
                "refresh_token": refresh_token,
                "token_type": token_type,
                "expires_in": expires_in,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        access_token = d.pop("access_token")

        refresh_token = d.pop("refresh_token")

        token_type = cast(Literal["bearer"], d.pop("token_type"))
        if token_type != "bearer":
            raise ValueError(f"token_type must match const 'bearer', got '{token_type}'")

        expires_in = d.pop("expires_in")

        refresh_response = cls(
            access_token=access_token,
            refresh_token=refresh_token,
            token_type=token_type,
            expires_in=expires_in,
        )

        return refresh_response
