from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.integration import Integration
    from ..models.update_integration_response_200_meta import UpdateIntegrationResponse200Meta


T = TypeVar("T", bound="UpdateIntegrationResponse200")


@_attrs_define
class UpdateIntegrationResponse200:
    """
    Attributes:
        data (Integration):
        meta (UpdateIntegrationResponse200Meta):
    """

    data: Integration
    meta: UpdateIntegrationResponse200Meta

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
        from ..models.integration import Integration  # noqa: PLC0415
        from ..models.update_integration_response_200_meta import UpdateIntegrationResponse200Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = Integration.from_dict(d.pop("data"))

        meta = UpdateIntegrationResponse200Meta.from_dict(d.pop("meta"))

        update_integration_response_200 = cls(
            data=data,
            meta=meta,
        )

        return update_integration_response_200
