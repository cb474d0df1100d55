from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="SsoConnectionDomainVerificationsItem")


@_attrs_define
class SsoConnectionDomainVerificationsItem:
    """
    Attributes:
        domain (str):
        verified (bool):
        verified_at (None | str):
        record_name (str): Publish a TXT record at this name...
        record_type (Literal['TXT']):
        record_value (str): ...holding exactly this value, then ask for verification
    """

    domain: str
    verified: bool
    verified_at: None | str
    record_name: str
    record_type: Literal["TXT"]
    record_value: str

    def to_dict(self) -> dict[str, Any]:
        domain = self.domain

        verified = self.verified

        verified_at: None | str
        verified_at = self.verified_at

        record_name = self.record_name

        record_type = self.record_type

        record_value = self.record_value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "domain": domain,
                "verified": verified,
                "verified_at": verified_at,
                "record_name": record_name,
                "record_type": record_type,
                "record_value": record_value,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        domain = d.pop("domain")

        verified = d.pop("verified")

        def _parse_verified_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        verified_at = _parse_verified_at(d.pop("verified_at"))

        record_name = d.pop("record_name")

        record_type = cast(Literal["TXT"], d.pop("record_type"))
        if record_type != "TXT":
            raise ValueError(f"record_type must match const 'TXT', got '{record_type}'")

        record_value = d.pop("record_value")

        sso_connection_domain_verifications_item = cls(
            domain=domain,
            verified=verified,
            verified_at=verified_at,
            record_name=record_name,
            record_type=record_type,
            record_value=record_value,
        )

        return sso_connection_domain_verifications_item
