from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.create_api_key_response_201_meta import CreateApiKeyResponse201Meta
    from ..models.created_api_key import CreatedApiKey


T = TypeVar("T", bound="CreateApiKeyResponse201")


@_attrs_define
class CreateApiKeyResponse201:
    """
    Attributes:
        data (CreatedApiKey):
        meta (CreateApiKeyResponse201Meta):
    """

    data: CreatedApiKey
    meta: CreateApiKeyResponse201Meta

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
        from ..models.create_api_key_response_201_meta import CreateApiKeyResponse201Meta  # noqa: PLC0415
        from ..models.created_api_key import CreatedApiKey  # noqa: PLC0415

        d = dict(src_dict)
        data = CreatedApiKey.from_dict(d.pop("data"))

        meta = CreateApiKeyResponse201Meta.from_dict(d.pop("meta"))

        create_api_key_response_201 = cls(
            data=data,
            meta=meta,
        )

        return create_api_key_response_201
