from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="WebhookAcceptedData")


@_attrs_define
class WebhookAcceptedData:
    """
    Attributes:
        integration_id (UUID):
        alert_id (str): The external alert id (the dedup key when the platform sends none)
        processing_status (Literal['queued']):
        alerts (int): How many alerts the payload carried
    """

    integration_id: UUID
    alert_id: str
    processing_status: Literal["queued"]
    alerts: int

    def to_dict(self) -> dict[str, Any]:
        integration_id = str(self.integration_id)

        alert_id = self.alert_id

        processing_status = self.processing_status

        alerts = self.alerts

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "integration_id": integration_id,
                "alert_id": alert_id,
                "processing_status": processing_status,
                "alerts": alerts,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        integration_id = UUID(d.pop("integration_id"))

        alert_id = d.pop("alert_id")

        processing_status = cast(Literal["queued"], d.pop("processing_status"))
        if processing_status != "queued":
            raise ValueError(f"processing_status must match const 'queued', got '{processing_status}'")

        alerts = d.pop("alerts")

        webhook_accepted_data = cls(
            integration_id=integration_id,
            alert_id=alert_id,
            processing_status=processing_status,
            alerts=alerts,
        )

        return webhook_accepted_data
