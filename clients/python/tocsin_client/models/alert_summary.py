from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.alert_summary_silenced_kind_type_0 import AlertSummarySilencedKindType0

if TYPE_CHECKING:
    from ..models.alert_summary_labels import AlertSummaryLabels


T = TypeVar("T", bound="AlertSummary")


@_attrs_define
class AlertSummary:
    """
    Attributes:
        id (UUID):
        incident_id (None | UUID):
        integration_id (UUID):
        platform (str):
        title (str):
        severity (str):
        status (str):
        labels (AlertSummaryLabels):
        received_at (datetime.datetime): ISO 8601 UTC timestamp
        silenced_by (None | UUID): The silence or maintenance window that muted it
        silenced_kind (AlertSummarySilencedKindType0 | None):
    """

    id: UUID
    incident_id: None | UUID
    integration_id: UUID
    platform: str
    title: str
    severity: str
    status: str
    labels: AlertSummaryLabels
    received_at: datetime.datetime
    silenced_by: None | UUID
    silenced_kind: AlertSummarySilencedKindType0 | None

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        incident_id: None | str
        if isinstance(self.incident_id, UUID):
            incident_id = str(self.incident_id)
        else:
            incident_id = self.incident_id

        integration_id = str(self.integration_id)

        platform = self.platform

        title = self.title

        severity = self.severity

        status = self.status

        labels = self.labels.to_dict()

        received_at = self.received_at.isoformat()

        silenced_by: None | str
        if isinstance(self.silenced_by, UUID):
            silenced_by = str(self.silenced_by)
        else:
            silenced_by = self.silenced_by

        silenced_kind: None | str
        if isinstance(self.silenced_kind, AlertSummarySilencedKindType0):
            silenced_kind = self.silenced_kind.value
        else:
            silenced_kind = self.silenced_kind

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "incident_id": incident_id,
                "integration_id": integration_id,
                "platform": platform,
                "title": title,
                "severity": severity,
                "status": status,
                "labels": labels,
                "received_at": received_at,
                "silenced_by": silenced_by,
                "silenced_kind": silenced_kind,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.alert_summary_labels import AlertSummaryLabels  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        def _parse_incident_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                incident_id_type_0 = UUID(data)

                return incident_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        incident_id = _parse_incident_id(d.pop("incident_id"))

        integration_id = UUID(d.pop("integration_id"))

        platform = d.pop("platform")

        title = d.pop("title")

        severity = d.pop("severity")

        status = d.pop("status")

        labels = AlertSummaryLabels.from_dict(d.pop("labels"))

        received_at = datetime.datetime.fromisoformat(d.pop("received_at"))

        def _parse_silenced_by(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                silenced_by_type_0 = UUID(data)

                return silenced_by_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        silenced_by = _parse_silenced_by(d.pop("silenced_by"))

        def _parse_silenced_kind(data: object) -> AlertSummarySilencedKindType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                silenced_kind_type_0 = AlertSummarySilencedKindType0(data)

                return silenced_kind_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AlertSummarySilencedKindType0 | None, data)

        silenced_kind = _parse_silenced_kind(d.pop("silenced_kind"))

        alert_summary = cls(
            id=id,
            incident_id=incident_id,
            integration_id=integration_id,
            platform=platform,
            title=title,
            severity=severity,
            status=status,
            labels=labels,
            received_at=received_at,
            silenced_by=silenced_by,
            silenced_kind=silenced_kind,
        )

        return alert_summary
