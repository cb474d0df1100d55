from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.sso_connection_default_role import SsoConnectionDefaultRole
from ..models.sso_connection_kind import SsoConnectionKind
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.sso_connection_config import SsoConnectionConfig
    from ..models.sso_connection_domain_verifications_item import SsoConnectionDomainVerificationsItem


T = TypeVar("T", bound="SsoConnection")


@_attrs_define
class SsoConnection:
    """
    Attributes:
        id (UUID):
        name (str):
        kind (SsoConnectionKind):
        domains (list[str]):
        domain_verifications (list[SsoConnectionDomainVerificationsItem]): Per domain: whether it is verified, and the
            DNS record that proves it
        default_role (SsoConnectionDefaultRole):
        enabled (bool):
        config (SsoConnectionConfig): As configured, without write-only fields; `has_client_secret` /
            `has_sp_private_key` say whether one is stored
        created_at (datetime.datetime): ISO 8601 UTC timestamp
        updated_at (datetime.datetime): ISO 8601 UTC timestamp
        issuer (str | Unset): OIDC: the issuer id_tokens must carry
        redirect_uri (str | Unset): OIDC: register this redirect URI at the identity provider
        acs_url (str | Unset): SAML: Assertion Consumer Service URL (HTTP-POST)
        sp_entity_id (str | Unset): SAML: the service provider entity id (audience)
        sp_metadata_url (str | Unset): SAML: SP metadata XML to give the identity provider
    """

    id: UUID
    name: str
    kind: SsoConnectionKind
    domains: list[str]
    domain_verifications: list[SsoConnectionDomainVerificationsItem]
    default_role: SsoConnectionDefaultRole
    enabled: bool
    config: SsoConnectionConfig
    created_at: datetime.datetime
    updated_at: datetime.datetime
    issuer: str | Unset = UNSET
    redirect_uri: str | Unset = UNSET
    acs_url: str | Unset = UNSET
    sp_entity_id: str | Unset = UNSET
    sp_metadata_url: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        name = self.name

        kind = self.kind.value

        domains = self.domains

        domain_verifications = []
        for domain_verifications_item_data in self.domain_verifications:
            domain_verifications_item = domain_verifications_item_data.to_dict()
            domain_verifications.append(domain_verifications_item)

        default_role = self.default_role.value

        enabled = self.enabled

        config = self.config.to_dict()

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        issuer = self.issuer

        redirect_uri = self.redirect_uri

        acs_url = self.acs_url

        sp_entity_id = self.sp_entity_id

        sp_metadata_url = self.sp_metadata_url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "kind": kind,
                "domains": domains,
                "domain_verifications": domain_verifications,
                "default_role": default_role,
                "enabled": enabled,
                "config": config,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )
        if issuer is not UNSET:
            field_dict["issuer"] = issuer
        if redirect_uri is not UNSET:
            field_dict["redirect_uri"] = redirect_uri
        if acs_url is not UNSET:
            field_dict["acs_url"] = acs_url
        if sp_entity_id is not UNSET:
            field_dict["sp_entity_id"] = sp_entity_id
        if sp_metadata_url is not UNSET:
            field_dict["sp_metadata_url"] = sp_metadata_url

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.sso_connection_config import SsoConnectionConfig  # noqa: PLC0415
        from ..models.sso_connection_domain_verifications_item import SsoConnectionDomainVerificationsItem  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        name = d.pop("name")

        kind = SsoConnectionKind(d.pop("kind"))

        domains = cast(list[str], d.pop("domains"))

        domain_verifications = []
        _domain_verifications = d.pop("domain_verifications")
        for domain_verifications_item_data in _domain_verifications:
            domain_verifications_item = SsoConnectionDomainVerificationsItem.from_dict(domain_verifications_item_data)

            domain_verifications.append(domain_verifications_item)

        default_role = SsoConnectionDefaultRole(d.pop("default_role"))

        enabled = d.pop("enabled")

        config = SsoConnectionConfig.from_dict(d.pop("config"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        issuer = d.pop("issuer", UNSET)

        redirect_uri = d.pop("redirect_uri", UNSET)

        acs_url = d.pop("acs_url", UNSET)

        sp_entity_id = d.pop("sp_entity_id", UNSET)

        sp_metadata_url = d.pop("sp_metadata_url", UNSET)

        sso_connection = cls(
            id=id,
            name=name,
            kind=kind,
            domains=domains,
            domain_verifications=domain_verifications,
            default_role=default_role,
            enabled=enabled,
            config=config,
            created_at=created_at,
            updated_at=updated_at,
            issuer=issuer,
            redirect_uri=redirect_uri,
            acs_url=acs_url,
            sp_entity_id=sp_entity_id,
            sp_metadata_url=sp_metadata_url,
        )

        return sso_connection
