from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.webhook_health_status import WebhookHealthStatus
from ..models.webhook_health_temporal import WebhookHealthTemporal

if TYPE_CHECKING:
    from ..models.webhook_health_endpoints import WebhookHealthEndpoints


T = TypeVar("T", bound="WebhookHealth")


@_attrs_define
class WebhookHealth:
    """
    Attributes:
        status (WebhookHealthStatus):
        endpoints (WebhookHealthEndpoints):
        temporal (WebhookHealthTemporal):
    """

    status: WebhookHealthStatus
    endpoints: WebhookHealthEndpoints
    temporal: WebhookHealthTemporal

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        endpoints = self.endpoints.to_dict()

        temporal = self.temporal.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "endpoints": endpoints,
                "temporal": temporal,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.webhook_health_endpoints import WebhookHealthEndpoints  # noqa: PLC0415

        d = dict(src_dict)
        status = WebhookHealthStatus(d.pop("status"))

        endpoints = WebhookHealthEndpoints.from_dict(d.pop("endpoints"))

        temporal = WebhookHealthTemporal(d.pop("temporal"))

        webhook_health = cls(
            status=status,
            endpoints=endpoints,
            temporal=temporal,
        )

        return webhook_health
