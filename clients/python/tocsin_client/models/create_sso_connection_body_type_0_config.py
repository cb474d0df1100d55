from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateSsoConnectionBodyType0Config")


@_attrs_define
class CreateSsoConnectionBodyType0Config:
    """
    Attributes:
        issuer (str): The issuer URL itself (discovery appends /.well-known/openid-configuration): https, no query
            string or fragment. Plain http only on loopback, for a local test provider
        client_id (str):
        client_secret (str): Write-only: stored encrypted, never returned
        scopes (list[str] | Unset): Requested scopes; `openid email profile` when omitted
    """

    issuer: str
    client_id: str
    client_secret: str
    scopes: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        issuer = self.issuer

        client_id = self.client_id

        client_secret = self.client_secret

        scopes: list[str] | Unset = UNSET
        if not isinstance(self.scopes, Unset):
            scopes = self.scopes

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "issuer": issuer,
                "client_id": client_id,
                "client_secret": client_secret,
            }
        )
        if scopes is not UNSET:
            field_dict["scopes"] = scopes

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        issuer = d.pop("issuer")

        client_id = d.pop("client_id")

        client_secret = d.pop("client_secret")

        scopes = cast(list[str], d.pop("scopes", UNSET))

        create_sso_connection_body_type_0_config = cls(
            issuer=issuer,
            client_id=client_id,
            client_secret=client_secret,
            scopes=scopes,
        )

        return create_sso_connection_body_type_0_config
