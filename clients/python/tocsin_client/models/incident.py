from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.incident_priority_type_0 import IncidentPriorityType0
from ..models.incident_severity import IncidentSeverity
from ..models.incident_status import IncidentStatus
from ..models.incident_urgency_type_0 import IncidentUrgencyType0

T = TypeVar("T", bound="Incident")


@_attrs_define
class Incident:
    """
    Attributes:
        id (UUID):
        title (str):
        description (None | str):
        status (IncidentStatus):
        severity (IncidentSeverity):
        assignee_id (None | UUID):
        source (str): The platform identifier of the alerts that opened it, or `manual`
        integration_id (None | UUID):
        fingerprint (None | str): The alert dedup key
        alert_count (int):
        tags (list[str]):
        created_at (datetime.datetime): ISO 8601 UTC timestamp
        updated_at (datetime.datetime): ISO 8601 UTC timestamp
        acknowledged_at (datetime.datetime | None):
        resolved_at (datetime.datetime | None):
        urgency (IncidentUrgencyType0 | None): Chosen by routing when an alert opened the incident: `high` pages through
            every contact method, `low` by email only. Null for incidents created by hand, and for a moment after an alert
            opens one, until it is routed.
        routing_rule_id (None | UUID): The routing rule that chose the policy and urgency; null when none matched (or
            not routed)
        escalation_policy_id (None | UUID): The escalation policy routing chose: the rule's, else the integration's,
            else the organization's default; null when none applied
        priority (IncidentPriorityType0 | None): P1 (most pressing) to P5, beside severity; null: none set
        merged_into (None | UUID): The incident this one was merged into (POST /incidents/{id}/merge); null when it is
            not. Its merges and links: GET /incidents/{id}/merges, /links
    """

    id: UUID
    title: str
    description: None | str
    status: IncidentStatus
    severity: IncidentSeverity
    assignee_id: None | UUID
    source: str
    integration_id: None | UUID
    fingerprint: None | str
    alert_count: int
    tags: list[str]
    created_at: datetime.datetime
    updated_at: datetime.datetime
    acknowledged_at: datetime.datetime | None
    resolved_at: datetime.datetime | None
    urgency: IncidentUrgencyType0 | None
    routing_rule_id: None | UUID
    escalation_policy_id: None | UUID
    priority: IncidentPriorityType0 | None
    merged_into: None | UUID

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        title = self.title

        description: None | str
        description = self.description

        status = self.status.value

        severity = self.severity.value

        assignee_id: None | str
        if isinstance(self.assignee_id, UUID):
            assignee_id = str(self.assignee_id)
        else:
            assignee_id = self.assignee_id

        source = self.source

        integration_id: None | str
        if isinstance(self.integration_id, UUID):
            integration_id = str(self.integration_id)
        else:
            integration_id = self.integration_id

        fingerprint: None | str
        fingerprint = self.fingerprint

        alert_count = self.alert_count

        tags = self.tags

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        acknowledged_at: None | str
        if isinstance(self.acknowledged_at, datetime.datetime):
            acknowledged_at = self.acknowledged_at.isoformat()
        else:
            acknowledged_at = self.acknowledged_at

        resolved_at: None | str
        if isinstance(self.resolved_at, datetime.datetime):
            resolved_at = self.resolved_at.isoformat()
        else:
            resolved_at = self.resolved_at

        urgency: None | str
        if isinstance(self.urgency, IncidentUrgencyType0):
            urgency = self.urgency.value
        else:
            urgency = self.urgency

        routing_rule_id: None | str
        if isinstance(self.routing_rule_id, UUID):
            routing_rule_id = str(self.routing_rule_id)
        else:
            routing_rule_id = self.routing_rule_id

        escalation_policy_id: None | str
        if isinstance(self.escalation_policy_id, UUID):
            escalation_policy_id = str(self.escalation_policy_id)
        else:
            escalation_policy_id = self.escalation_policy_id

        priority: None | str
        if isinstance(self.priority, IncidentPriorityType0):
            priority = self.priority.value
        else:
            priority = self.priority

        merged_into: None | str
        if isinstance(self.merged_into, UUID):
            merged_into = str(self.merged_into)
        else:
            merged_into = self.merged_into

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "title": title,
                "description": description,
                "status": status,
                "severity": severity,
                "assignee_id": assignee_id,
                "source": source,
                "integration_id": integration_id,
                "fingerprint": fingerprint,
                "alert_count": alert_count,
                "tags": tags,
                "created_at": created_at,
                "updated_at": updated_at,
                "acknowledged_at": acknowledged_at,
                "resolved_at": resolved_at,
                "urgency": urgency,
                "routing_rule_id": routing_rule_id,
                "escalation_policy_id": escalation_policy_id,
                "priority": priority,
                "merged_into": merged_into,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        title = d.pop("title")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        status = IncidentStatus(d.pop("status"))

        severity = IncidentSeverity(d.pop("severity"))

        def _parse_assignee_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                assignee_id_type_0 = UUID(data)

                return assignee_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        assignee_id = _parse_assignee_id(d.pop("assignee_id"))

        source = d.pop("source")

        def _parse_integration_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                integration_id_type_0 = UUID(data)

                return integration_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        integration_id = _parse_integration_id(d.pop("integration_id"))

        def _parse_fingerprint(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        fingerprint = _parse_fingerprint(d.pop("fingerprint"))

        alert_count = d.pop("alert_count")

        tags = cast(list[str], d.pop("tags"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        def _parse_acknowledged_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                acknowledged_at_type_0 = datetime.datetime.fromisoformat(data)

                return acknowledged_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        acknowledged_at = _parse_acknowledged_at(d.pop("acknowledged_at"))

        def _parse_resolved_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                resolved_at_type_0 = datetime.datetime.fromisoformat(data)

                return resolved_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        resolved_at = _parse_resolved_at(d.pop("resolved_at"))

        def _parse_urgency(data: object) -> IncidentUrgencyType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                urgency_type_0 = IncidentUrgencyType0(data)

                return urgency_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(IncidentUrgencyType0 | None, data)

        urgency = _parse_urgency(d.pop("urgency"))

        def _parse_routing_rule_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                routing_rule_id_type_0 = UUID(data)

                return routing_rule_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        routing_rule_id = _parse_routing_rule_id(d.pop("routing_rule_id"))

        def _parse_escalation_policy_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                escalation_policy_id_type_0 = UUID(data)

                return escalation_policy_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        escalation_policy_id = _parse_escalation_policy_id(d.pop("escalation_policy_id"))

        def _parse_priority(data: object) -> IncidentPriorityType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                priority_type_0 = IncidentPriorityType0(data)

                return priority_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(IncidentPriorityType0 | None, data)

        priority = _parse_priority(d.pop("priority"))

        def _parse_merged_into(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                merged_into_type_0 = UUID(data)

                return merged_into_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        merged_into = _parse_merged_into(d.pop("merged_into"))

        incident = cls(
            id=id,
            title=title,
            description=description,
            status=status,
            severity=severity,
            assignee_id=assignee_id,
            source=source,
            integration_id=integration_id,
            fingerprint=fingerprint,
            alert_count=alert_count,
            tags=tags,
            created_at=created_at,
            updated_at=updated_at,
            acknowledged_at=acknowledged_at,
            resolved_at=resolved_at,
            urgency=urgency,
            routing_rule_id=routing_rule_id,
            escalation_policy_id=escalation_policy_id,
            priority=priority,
            merged_into=merged_into,
        )

        return incident
