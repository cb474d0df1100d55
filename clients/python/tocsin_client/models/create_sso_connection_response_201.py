from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.create_sso_connection_response_201_meta import CreateSsoConnectionResponse201Meta
    from ..models.sso_connection import SsoConnection


T = TypeVar("T", bound="CreateSsoConnectionResponse201")


@_attrs_define
class CreateSsoConnectionResponse201:
    """
    Attributes:
        data (SsoConnection):
        meta (CreateSsoConnectionResponse201Meta):
    """

    data: SsoConnection
    meta: CreateSsoConnectionResponse201Meta

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
        from ..models.create_sso_connection_response_201_meta import CreateSsoConnectionResponse201Meta  # noqa: PLC0415
        from ..models.sso_connection import SsoConnection  # noqa: PLC0415

        d = dict(src_dict)
        data = SsoConnection.from_dict(d.pop("data"))

        meta = CreateSsoConnectionResponse201Meta.from_dict(d.pop("meta"))

        create_sso_connection_response_201 = cls(
            data=data,
            meta=meta,
        )

        return create_sso_connection_response_201
