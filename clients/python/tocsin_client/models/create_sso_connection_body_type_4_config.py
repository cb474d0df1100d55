from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateSsoConnectionBodyType4Config")


@_attrs_define
class CreateSsoConnectionBodyType4Config:
    """
    Attributes:
        idp_metadata_xml (str | Unset): The IdP metadata document; alternatively the three idp_* fields
        idp_entity_id (str | Unset):
        idp_sso_url (str | Unset): Where browsers are sent with the AuthnRequest: https
        idp_certificate (str | Unset): The IdP signing certificate (PEM or base64 DER)
        sp_private_key (str | Unset): Write-only: PEM private key signing AuthnRequests and decrypting encrypted
            assertions
        sp_certificate (str | Unset): PEM certificate of sp_private_key, published in the SP metadata
    """

    idp_metadata_xml: str | Unset = UNSET
    idp_entity_id: str | Unset = UNSET
    idp_sso_url: str | Unset = UNSET
    idp_certificate: str | Unset = UNSET
    sp_private_key: str | Unset = UNSET
    sp_certificate: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        idp_metadata_xml = self.idp_metadata_xml

        idp_entity_id = self.idp_entity_id

        idp_sso_url = self.idp_sso_url

        idp_certificate = self.idp_certificate

        sp_private_key = self.sp_private_key

        sp_certificate = self.sp_certificate

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if idp_metadata_xml is not UNSET:
            field_dict["idp_metadata_xml"] = idp_metadata_xml
        if idp_entity_id is not UNSET:
            field_dict["idp_entity_id"] = idp_entity_id
        if idp_sso_url is not UNSET:
            field_dict["idp_sso_url"] = idp_sso_url
        if idp_certificate is not UNSET:
            field_dict["idp_certificate"] = idp_certificate
        if sp_private_key is not UNSET:
            field_dict["sp_private_key"] = sp_private_key
        if sp_certificate is not UNSET:
            field_dict["sp_certificate"] = sp_certificate

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        idp_metadata_xml = d.pop("idp_metadata_xml", UNSET)

        idp_entity_id = d.pop("idp_entity_id", UNSET)

        idp_sso_url = d.pop("idp_sso_url", UNSET)

        idp_certificate = d.pop("idp_certificate", UNSET)

        sp_private_key = d.pop("sp_private_key", UNSET)

        sp_certificate = d.pop("sp_certificate", UNSET)

        create_sso_connection_body_type_4_config = cls(
            idp_metadata_xml=idp_metadata_xml,
            idp_entity_id=idp_entity_id,
            idp_sso_url=idp_sso_url,
            idp_certificate=idp_certificate,
            sp_private_key=sp_private_key,
            sp_certificate=sp_certificate,
        )

        return create_sso_connection_body_type_4_config
