from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.integration_with_secret import IntegrationWithSecret
    from ..models.rotate_integration_secret_response_200_meta import RotateIntegrationSecretResponse200Meta


T = TypeVar("T", bound="RotateIntegrationSecretResponse200")


@_attrs_define
class RotateIntegrationSecretResponse200:
    """
    Attributes:
        data (IntegrationWithSecret):
        meta (RotateIntegrationSecretResponse200Meta):
    """

    data: IntegrationWithSecret
    meta: RotateIntegrationSecretResponse200Meta

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
        from ..models.integration_with_secret import IntegrationWithSecret  # noqa: PLC0415
        from ..models.rotate_integration_secret_response_200_meta import RotateIntegrationSecretResponse200Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = IntegrationWithSecret.from_dict(d.pop("data"))

        meta = RotateIntegrationSecretResponse200Meta.from_dict(d.pop("meta"))

        rotate_integration_secret_response_200 = cls(
            data=data,
            meta=meta,
        )

        return rotate_integration_secret_response_200
