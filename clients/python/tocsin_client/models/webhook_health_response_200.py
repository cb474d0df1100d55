from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.webhook_health_response_200_endpoints import WebhookHealthResponse200Endpoints


T = TypeVar("T", bound="WebhookHealthResponse200")


@_attrs_define
class WebhookHealthResponse200:
    """
    Attributes:
        status (Literal['healthy']):
        endpoints (WebhookHealthResponse200Endpoints):
    """

    status: Literal["healthy"]
    endpoints: WebhookHealthResponse200Endpoints

    def to_dict(self) -> dict[str, Any]:
        status = self.status

        endpoints = self.endpoints.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "endpoints": endpoints,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.webhook_health_response_200_endpoints import WebhookHealthResponse200Endpoints  # noqa: PLC0415

        d = dict(src_dict)
        status = cast(Literal["healthy"], d.pop("status"))
        if status != "healthy":
            raise ValueError(f"status must match const 'healthy', got '{status}'")

        endpoints = WebhookHealthResponse200Endpoints.from_dict(d.pop("endpoints"))

        webhook_health_response_200 = cls(
            status=status,
            endpoints=endpoints,
        )

        return webhook_health_response_200
