from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="WebhookDelivery")


@_attrs_define
class WebhookDelivery:
    """
    Attributes:
        id (UUID):
        integration_id (UUID):
        event_id (UUID): The domain event delivered
        event_type (str):
        attempt (int): 1-based attempt number within the delivery (0: outcome recorded without an attempt)
        success (bool):
        status_code (int | None): HTTP status of the answer; null when no answer (refused target, timeout, network
            error)
        error (None | str):
        duration_ms (int):
        final (bool): This attempt decided the delivery and counted toward consecutive failures
        created_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    id: UUID
    integration_id: UUID
    event_id: UUID
    event_type: str
    attempt: int
    success: bool
    status_code: int | None
    error: None | str
    duration_ms: int
    final: bool
    created_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        integration_id = str(self.integration_id)

        event_id = str(self.event_id)

        event_type = self.event_type

        attempt = self.attempt

        success = self.success

        status_code: int | None
        status_code = self.status_code

        error: None | str
        error = self.error

        duration_ms = self.duration_ms

        final = self.final

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "integration_id": integration_id,
                "event_id": event_id,
                "event_type": event_type,
                "attempt": attempt,
                "success": success,
                "status_code": status_code,
                "error": error,
                "duration_ms": duration_ms,
                "final": final,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        integration_id = UUID(d.pop("integration_id"))

        event_id = UUID(d.pop("event_id"))

        event_type = d.pop("event_type")

        attempt = d.pop("attempt")

        success = d.pop("success")

        def _parse_status_code(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        status_code = _parse_status_code(d.pop("status_code"))

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        duration_ms = d.pop("duration_ms")

        final = d.pop("final")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        webhook_delivery = cls(
            id=id,
            integration_id=integration_id,
            event_id=event_id,
            event_type=event_type,
            attempt=attempt,
            success=success,
            status_code=status_code,
            error=error,
            duration_ms=duration_ms,
            final=final,
            created_at=created_at,
        )

        return webhook_delivery
