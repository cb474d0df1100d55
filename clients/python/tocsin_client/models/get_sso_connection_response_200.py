from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.get_sso_connection_response_200_meta import GetSsoConnectionResponse200Meta
    from ..models.sso_connection import SsoConnection


T = TypeVar("T", bound="GetSsoConnectionResponse200")


@_attrs_define
class GetSsoConnectionResponse200:
    """
    Attributes:
        data (SsoConnection):
        meta (GetSsoConnectionResponse200Meta):
    """

    data: SsoConnection
    meta: GetSsoConnectionResponse200Meta

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
        from ..models.get_sso_connection_response_200_meta import GetSsoConnectionResponse200Meta  # noqa: PLC0415
        from ..models.sso_connection import SsoConnection  # noqa: PLC0415

        d = dict(src_dict)
        data = SsoConnection.from_dict(d.pop("data"))

        meta = GetSsoConnectionResponse200Meta.from_dict(d.pop("meta"))

        get_sso_connection_response_200 = cls(
            data=data,
            meta=meta,
        )

        return get_sso_connection_response_200
