from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.sso_connection import SsoConnection
    from ..models.verify_sso_domain_response_200_meta import VerifySsoDomainResponse200Meta


T = TypeVar("T", bound="VerifySsoDomainResponse200")


@_attrs_define
class VerifySsoDomainResponse200:
    """
    Attributes:
        data (SsoConnection):
        meta (VerifySsoDomainResponse200Meta):
    """

    data: SsoConnection
    meta: VerifySsoDomainResponse200Meta

    def to_dict(self) -> dict[str, Any]:
        data = self.data.to_dict()

        meta = self.meta.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "data": data,
                "meta": meta,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.sso_connection import SsoConnection  # noqa: PLC0415
        from ..models.verify_sso_domain_response_200_meta import VerifySsoDomainResponse200Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = SsoConnection.from_dict(d.pop("data"))

        meta = VerifySsoDomainResponse200Meta.from_dict(d.pop("meta"))

        verify_sso_domain_response_200 = cls(
            data=data,
            meta=meta,
        )

        return verify_sso_domain_response_200
