from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.integration_setup_generic_json_response_200_meta import IntegrationSetupGenericJsonResponse200Meta
    from ..models.platform_setup import PlatformSetup


T = TypeVar("T", bound="IntegrationSetupGenericJsonResponse200")


@_attrs_define
class IntegrationSetupGenericJsonResponse200:
    """
    Attributes:
        data (PlatformSetup):
        meta (IntegrationSetupGenericJsonResponse200Meta):
    """

    data: PlatformSetup
    meta: IntegrationSetupGenericJsonResponse200Meta

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
        from ..models.integration_setup_generic_json_response_200_meta import IntegrationSetupGenericJsonResponse200Meta  # noqa: PLC0415
        from ..models.platform_setup import PlatformSetup  # noqa: PLC0415

        d = dict(src_dict)
        data = PlatformSetup.from_dict(d.pop("data"))

        meta = IntegrationSetupGenericJsonResponse200Meta.from_dict(d.pop("meta"))

        integration_setup_generic_json_response_200 = cls(
            data=data,
            meta=meta,
        )

        return integration_setup_generic_json_response_200
