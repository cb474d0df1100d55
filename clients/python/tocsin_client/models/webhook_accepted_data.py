from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.rejected_alert import RejectedAlert


T = TypeVar("T", bound="WebhookAcceptedData")


@_attrs_define
class WebhookAcceptedData:
    """
    Attributes:
        integration_id (UUID):
        alert_id (str): The external alert id (the dedup key when the platform sends none)
        processing_status (Literal['queued']):
        alerts (int): How many alerts of the payload were queued
        rejected (list[RejectedAlert]): Alerts of the payload refused alone (each alert is judged on its own; the others
            were queued); empty when none was
    """

    integration_id: UUID
    alert_id: str
    processing_status: Literal["queued"]
    alerts: int
    rejected: list[RejectedAlert]

    def to_dict(self) -> dict[str, Any]:
        integration_id = str(self.integration_id)

        alert_id = self.alert_id

        processing_status = self.processing_status

        alerts = self.alerts

        rejected = []
        for rejected_item_data in self.rejected:
            rejected_item = rejected_item_data.to_dict()
            rejected.append(rejected_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "integration_id": integration_id,
                "alert_id": alert_id,
                "processing_status": processing_status,
                "alerts": alerts,
                "rejected": rejected,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rejected_alert import RejectedAlert  # noqa: PLC0415

        d = dict(src_dict)
        integration_id = UUID(d.pop("integration_id"))

        alert_id = d.pop("alert_id")

        processing_status = cast(Literal["queued"], d.pop("processing_status"))
        if processing_status != "queued":
            raise ValueError(f"processing_status must match const 'queued', got '{processing_status}'")

        alerts = d.pop("alerts")

        rejected = []
        _rejected = d.pop("rejected")
        for rejected_item_data in _rejected:
            rejected_item = RejectedAlert.from_dict(rejected_item_data)

            rejected.append(rejected_item)

        webhook_accepted_data = cls(
            integration_id=integration_id,
            alert_id=alert_id,
            processing_status=processing_status,
            alerts=alerts,
            rejected=rejected,
        )

        return webhook_accepted_data
