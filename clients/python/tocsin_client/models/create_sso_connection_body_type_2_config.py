from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateSsoConnectionBodyType2Config")


@_attrs_define
class CreateSsoConnectionBodyType2Config:
    """
    Attributes:
        domain (str): Okta domain, e.g. acme.okta.com: the issuer is https://{domain}
        client_id (str):
        client_secret (str): Write-only: stored encrypted, never returned
        authorization_server (str | Unset): `default` or a custom authorization server id: the issuer becomes
            https://{domain}/oauth2/{authorization_server}
        scopes (list[str] | Unset): Requested scopes; `openid email profile` when omitted
    """

    domain: str
    client_id: str
    client_secret: str
    authorization_server: str | Unset = UNSET
    scopes: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        domain = self.domain

        client_id = self.client_id

        client_secret = self.client_secret

        authorization_server = self.authorization_server

        scopes: list[str] | Unset = UNSET
        if not isinstance(self.scopes, Unset):
            scopes = self.scopes

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "domain": domain,
                "client_id": client_id,
                "client_secret": client_secret,
            }
        )
        if authorization_server is not UNSET:
            field_dict["authorization_server"] = authorization_server
        if scopes is not UNSET:
            field_dict["scopes"] = scopes

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        domain = d.pop("domain")

        client_id = d.pop("client_id")

        client_secret = d.pop("client_secret")

        authorization_server = d.pop("authorization_server", UNSET)

        scopes = cast(list[str], d.pop("scopes", UNSET))

        create_sso_connection_body_type_2_config = cls(
            domain=domain,
            client_id=client_id,
            client_secret=client_secret,
            authorization_server=authorization_server,
            scopes=scopes,
        )

        return create_sso_connection_body_type_2_config
