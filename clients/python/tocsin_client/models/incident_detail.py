from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.incident_detail_priority_type_0 import IncidentDetailPriorityType0
from ..models.incident_detail_severity import IncidentDetailSeverity
from ..models.incident_detail_status import IncidentDetailStatus
from ..models.incident_detail_urgency_type_0 import IncidentDetailUrgencyType0

if TYPE_CHECKING:
    from ..models.incident_analysis import IncidentAnalysis
    from ..models.incident_detail_labels import IncidentDetailLabels
    from ..models.incident_role_assignment import IncidentRoleAssignment
    from ..models.responder import Responder
    from ..models.timeline_entry import TimelineEntry


T = TypeVar("T", bound="IncidentDetail")


@_attrs_define
class IncidentDetail:
    """
    Attributes:
        id (UUID):
        title (str):
        description (None | str):
        status (IncidentDetailStatus):
        severity (IncidentDetailSeverity):
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
        urgency (IncidentDetailUrgencyType0 | None): Chosen by routing when an alert opened the incident: `high` pages
            through every contact method, `low` by email only. Null for incidents created by hand, and for a moment after an
            alert opens one, until it is routed.
        routing_rule_id (None | UUID): The routing rule that chose the policy and urgency; null when none matched (or
            not routed)
        escalation_policy_id (None | UUID): The escalation policy routing chose: the rule's, else the integration's,
            else the organization's default; null when none applied
        priority (IncidentDetailPriorityType0 | None): P1 (most pressing) to P5, beside severity; null: none set
        merged_into (None | UUID): The incident this one was merged into (POST /incidents/{id}/merge); null when it is
            not. Its merges and links: GET /incidents/{id}/merges, /links
        labels (IncidentDetailLabels):
        timeline (list[TimelineEntry]):
        responders (list[Responder]): People asked to help (POST /incidents/{id}/responders) and their answers, oldest
            request first
        roles (list[IncidentRoleAssignment]): Who holds which incident role (PUT /incidents/{id}/roles/{role}), first
            assigned first
        analysis (IncidentAnalysis): Computed by the worker (hybrid search on title and description) when the incident
            is created or its text changes, and refreshed when a read finds it older than 15 minutes (the read answers at
            once with what is stored). `{}` until computed, and without a search index.
    """

    id: UUID
    title: str
    description: None | str
    status: IncidentDetailStatus
    severity: IncidentDetailSeverity
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
    urgency: IncidentDetailUrgencyType0 | None
    routing_rule_id: None | UUID
    escalation_policy_id: None | UUID
    priority: IncidentDetailPriorityType0 | None
    merged_into: None | UUID
    labels: IncidentDetailLabels
    timeline: list[TimelineEntry]
    responders: list[Responder]
    roles: list[IncidentRoleAssignment]
    analysis: IncidentAnalysis

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
        if isinstance(self.urgency, IncidentDetailUrgencyType0):
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
        if isinstance(self.priority, IncidentDetailPriorityType0):
            priority = self.priority.value
        else:
            priority = self.priority

        merged_into: None | str
        if isinstance(self.merged_into, UUID):
            merged_into = str(self.merged_into)
        else:
            merged_into = self.merged_into

        labels = self.labels.to_dict()

        timeline = []
        for timeline_item_data in self.timeline:
            timeline_item = timeline_item_data.to_dict()
            timeline.append(timeline_item)

        responders = []
        for responders_item_data in self.responders:
            responders_item = responders_item_data.to_dict()
            responders.append(responders_item)

        roles = []
        for roles_item_data in self.roles:
            roles_item = roles_item_data.to_dict()
            roles.append(roles_item)

        analysis = self.analysis.to_dict()

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
                "labels": labels,
                "timeline": timeline,
                "responders": responders,
                "roles": roles,
                "analysis": analysis,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.incident_analysis import IncidentAnalysis  # noqa: PLC0415
        from ..models.incident_detail_labels import IncidentDetailLabels  # noqa: PLC0415
        from ..models.incident_role_assignment import IncidentRoleAssignment  # noqa: PLC0415
        from ..models.responder import Responder  # noqa: PLC0415
        from ..models.timeline_entry import TimelineEntry  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        title = d.pop("title")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        status = IncidentDetailStatus(d.pop("status"))

        severity = IncidentDetailSeverity(d.pop("severity"))

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

        def _parse_urgency(data: object) -> IncidentDetailUrgencyType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                urgency_type_0 = IncidentDetailUrgencyType0(data)

                return urgency_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(IncidentDetailUrgencyType0 | None, data)

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

        def _parse_priority(data: object) -> IncidentDetailPriorityType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                priority_type_0 = IncidentDetailPriorityType0(data)

                return priority_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(IncidentDetailPriorityType0 | None, data)

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

        labels = IncidentDetailLabels.from_dict(d.pop("labels"))

        timeline = []
        _timeline = d.pop("timeline")
        for timeline_item_data in _timeline:
            timeline_item = TimelineEntry.from_dict(timeline_item_data)

            timeline.append(timeline_item)

        responders = []
        _responders = d.pop("responders")
        for responders_item_data in _responders:
            responders_item = Responder.from_dict(responders_item_data)

            responders.append(responders_item)

        roles = []
        _roles = d.pop("roles")
        for roles_item_data in _roles:
            roles_item = IncidentRoleAssignment.from_dict(roles_item_data)

            roles.append(roles_item)

        analysis = IncidentAnalysis.from_dict(d.pop("analysis"))

        incident_detail = cls(
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
            labels=labels,
            timeline=timeline,
            responders=responders,
            roles=roles,
            analysis=analysis,
        )

        return incident_detail
