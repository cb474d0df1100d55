from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.create_integration_response_201_meta import CreateIntegrationResponse201Meta
    from ..models.integration_with_secret import IntegrationWithSecret


T = TypeVar("T", bound="CreateIntegrationResponse201")


@_attrs_define
class CreateIntegrationResponse201:
    """
    Attributes:
        data (IntegrationWithSecret):
        meta (CreateIntegrationResponse201Meta):
    """

    data: IntegrationWithSecret
    meta: CreateIntegrationResponse201Meta

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
        from ..models.create_integration_response_201_meta import CreateIntegrationResponse201Meta  # noqa: PLC0415
        from ..models.integration_with_secret import IntegrationWithSecret  # noqa: PLC0415

        d = dict(src_dict)
        data = IntegrationWithSecret.from_dict(d.pop("data"))

        meta = CreateIntegrationResponse201Meta.from_dict(d.pop("meta"))

        create_integration_response_201 = cls(
            data=data,
            meta=meta,
        )

        return create_integration_response_201
