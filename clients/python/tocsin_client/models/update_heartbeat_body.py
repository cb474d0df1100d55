from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.update_heartbeat_body_severity import UpdateHeartbeatBodySeverity
from ..types import UNSET, Unset

T = TypeVar("T", bound="UpdateHeartbeatBody")


@_attrs_define
class UpdateHeartbeatBody:
    """
    Attributes:
        name (str | Unset):
        description (None | str | Unset): Added to the lapse incident: what stopped and what to check
        integration_id (UUID | Unset): The integration a lapse opens its incident through: its routing rules, escalation
            policy, silences and maintenance windows apply as to any of its alerts. One of the organization's integrations
            (422 otherwise)
        period_seconds (int | Unset): How often the heartbeat expects a ping, in seconds (5 s to 31 days)
        grace_seconds (int | Unset): How long past the period a ping may be late before the heartbeat lapses, in seconds
        severity (UpdateHeartbeatBodySeverity | Unset): The lapse alert's severity
        title (None | str | Unset): The incident title on a lapse; null: `Heartbeat "<name>" missed`
        alert_name (str | Unset): The Alertmanager alert (`labels.alertname`) that counts as a ping when an Alertmanager
            webhook payload is posted to the ping URL (firing only)
    """

    name: str | Unset = UNSET
    description: None | str | Unset = UNSET
    integration_id: UUID | Unset = UNSET
    period_seconds: int | Unset = UNSET
    grace_seconds: int | Unset = UNSET
    severity: UpdateHeartbeatBodySeverity | Unset = UNSET
    title: None | str | Unset = UNSET
    alert_name: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        integration_id: str | Unset = UNSET
        if not isinstance(self.integration_id, Unset):
            integration_id = str(self.integration_id)

        period_seconds = self.period_seconds

        grace_seconds = self.grace_seconds

        severity: str | Unset = UNSET
        if not isinstance(self.severity, Unset):
            severity = self.severity.value

        title: None | str | Unset
        if isinstance(self.title, Unset):
            title = UNSET
        else:
            title = self.title

        alert_name = self.alert_name

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if description is not UNSET:
            field_dict["description"] = description
        if integration_id is not UNSET:
            field_dict["integration_id"] = integration_id
        if period_seconds is not UNSET:
            field_dict["period_seconds"] = period_seconds
        if grace_seconds is not UNSET:
            field_dict["grace_seconds"] = grace_seconds
        if severity is not UNSET:
            field_dict["severity"] = severity
        if title is not UNSET:
            field_dict["title"] = title
        if alert_name is not UNSET:
            field_dict["alert_name"] = alert_name

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        _integration_id = d.pop("integration_id", UNSET)
        integration_id: UUID | Unset
        if isinstance(_integration_id, Unset):
            integration_id = UNSET
        else:
            integration_id = UUID(_integration_id)

        period_seconds = d.pop("period_seconds", UNSET)

        grace_seconds = d.pop("grace_seconds", UNSET)

        _severity = d.pop("severity", UNSET)
        severity: UpdateHeartbeatBodySeverity | Unset
        if isinstance(_severity, Unset):
            severity = UNSET
        else:
            severity = UpdateHeartbeatBodySeverity(_severity)

        def _parse_title(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        title = _parse_title(d.pop("title", UNSET))

        alert_name = d.pop("alert_name", UNSET)

        update_heartbeat_body = cls(
            name=name,
            description=description,
            integration_id=integration_id,
            period_seconds=period_seconds,
            grace_seconds=grace_seconds,
            severity=severity,
            title=title,
            alert_name=alert_name,
        )

        return update_heartbeat_body
