from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.integration_health_response_200_meta import IntegrationHealthResponse200Meta
    from ..models.webhook_health import WebhookHealth


T = TypeVar("T", bound="IntegrationHealthResponse200")


@_attrs_define
class IntegrationHealthResponse200:
    """
    Attributes:
        data (WebhookHealth):
        meta (IntegrationHealthResponse200Meta):
    """

    data: WebhookHealth
    meta: IntegrationHealthResponse200Meta

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
        from ..models.integration_health_response_200_meta import IntegrationHealthResponse200Meta  # noqa: PLC0415
        from ..models.webhook_health import WebhookHealth  # noqa: PLC0415

        d = dict(src_dict)
        data = WebhookHealth.from_dict(d.pop("data"))

        meta = IntegrationHealthResponse200Meta.from_dict(d.pop("meta"))

        integration_health_response_200 = cls(
            data=data,
            meta=meta,
        )

        return integration_health_response_200
