from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateSsoConnectionBodyType1Config")


@_attrs_define
class CreateSsoConnectionBodyType1Config:
    """
    Attributes:
        tenant_id (str): Directory (tenant) id: the issuer is https://login.microsoftonline.com/{tenant_id}/v2.0
        client_id (str):
        client_secret (str): Write-only: stored encrypted, never returned
        scopes (list[str] | Unset): Requested scopes; `openid email profile` when omitted
    """

    tenant_id: str
    client_id: str
    client_secret: str
    scopes: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        tenant_id = self.tenant_id

        client_id = self.client_id

        client_secret = self.client_secret

        scopes: list[str] | Unset = UNSET
        if not isinstance(self.scopes, Unset):
            scopes = self.scopes

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "tenant_id": tenant_id,
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
        tenant_id = d.pop("tenant_id")

        client_id = d.pop("client_id")

        client_secret = d.pop("client_secret")

        scopes = cast(list[str], d.pop("scopes", UNSET))

        create_sso_connection_body_type_1_config = cls(
            tenant_id=tenant_id,
            client_id=client_id,
            client_secret=client_secret,
            scopes=scopes,
        )

        return create_sso_connection_body_type_1_config
