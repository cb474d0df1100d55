from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.create_incident_body_priority_type_0 import CreateIncidentBodyPriorityType0
from ..models.create_incident_body_severity import CreateIncidentBodySeverity
from ..models.create_incident_body_status import CreateIncidentBodyStatus
from ..models.create_incident_body_urgency import CreateIncidentBodyUrgency
from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateIncidentBody")


@_attrs_define
class CreateIncidentBody:
    """
    Attributes:
        title (str):
        description (None | str | Unset):
        severity (CreateIncidentBodySeverity | Unset): Default: the organization's `default_incident_severity` setting
            (`medium` unless changed)
        status (CreateIncidentBodyStatus | Unset):  Default: CreateIncidentBodyStatus.ACTIVE.
        assignee_id (None | Unset | UUID): A member of the organization: an `active` incident pages them at once through
            their notification rules
        escalation_policy_id (None | Unset | UUID): A policy of the organization: an `active`, unassigned incident pages
            through it from level 1, as one opened by an alert
        urgency (CreateIncidentBodyUrgency | Unset): How urgently it pages (default `high`): `high` through every
            contact method, `low` by email only
        priority (CreateIncidentBodyPriorityType0 | None | Unset):
        tags (list[str] | Unset):
    """

    title: str
    description: None | str | Unset = UNSET
    severity: CreateIncidentBodySeverity | Unset = UNSET
    status: CreateIncidentBodyStatus | Unset = CreateIncidentBodyStatus.ACTIVE
    assignee_id: None | Unset | UUID = UNSET
    escalation_policy_id: None | Unset | UUID = UNSET
    urgency: CreateIncidentBodyUrgency | Unset = UNSET
    priority: CreateIncidentBodyPriorityType0 | None | Unset = UNSET
    tags: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        title = self.title

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        severity: str | Unset = UNSET
        if not isinstance(self.severity, Unset):
            severity = self.severity.value

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value

        assignee_id: None | str | Unset
        if isinstance(self.assignee_id, Unset):
            assignee_id = UNSET
        elif isinstance(self.assignee_id, UUID):
            assignee_id = str(self.assignee_id)
        else:
            assignee_id = self.assignee_id

        escalation_policy_id: None | str | Unset
        if isinstance(self.escalation_policy_id, Unset):
            escalation_policy_id = UNSET
        elif isinstance(self.escalation_policy_id, UUID):
            escalation_policy_id = str(self.escalation_policy_id)
        else:
            escalation_policy_id = self.escalation_policy_id

        urgency: str | Unset = UNSET
        if not isinstance(self.urgency, Unset):
            urgency = self.urgency.value

        priority: None | str | Unset
        if isinstance(self.priority, Unset):
            priority = UNSET
        elif isinstance(self.priority, CreateIncidentBodyPriorityType0):
            priority = self.priority.value
        else:
            priority = self.priority

        tags: list[str] | Unset = UNSET
        if not isinstance(self.tags, Unset):
            tags = self.tags

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "title": title,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description
        if severity is not UNSET:
            field_dict["severity"] = severity
        if status is not UNSET:
            field_dict["status"] = status
        if assignee_id is not UNSET:
            field_dict["assignee_id"] = assignee_id
        if escalation_policy_id is not UNSET:
            field_dict["escalation_policy_id"] = escalation_policy_id
        if urgency is not UNSET:
            field_dict["urgency"] = urgency
        if priority is not UNSET:
            field_dict["priority"] = priority
        if tags is not UNSET:
            field_dict["tags"] = tags

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        title = d.pop("title")

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        _severity = d.pop("severity", UNSET)
        severity: CreateIncidentBodySeverity | Unset
        if isinstance(_severity, Unset):
            severity = UNSET
        else:
            severity = CreateIncidentBodySeverity(_severity)

        _status = d.pop("status", UNSET)
        status: CreateIncidentBodyStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = CreateIncidentBodyStatus(_status)

        def _parse_assignee_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                assignee_id_type_0 = UUID(data)

                return assignee_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        assignee_id = _parse_assignee_id(d.pop("assignee_id", UNSET))

        def _parse_escalation_policy_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                escalation_policy_id_type_0 = UUID(data)

                return escalation_policy_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        escalation_policy_id = _parse_escalation_policy_id(d.pop("escalation_policy_id", UNSET))

        _urgency = d.pop("urgency", UNSET)
        urgency: CreateIncidentBodyUrgency | Unset
        if isinstance(_urgency, Unset):
            urgency = UNSET
        else:
            urgency = CreateIncidentBodyUrgency(_urgency)

        def _parse_priority(data: object) -> CreateIncidentBodyPriorityType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                priority_type_0 = CreateIncidentBodyPriorityType0(data)

                return priority_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CreateIncidentBodyPriorityType0 | None | Unset, data)

        priority = _parse_priority(d.pop("priority", UNSET))

        tags = cast(list[str], d.pop("tags", UNSET))

        create_incident_body = cls(
            title=title,
            description=description,
            severity=severity,
            status=status,
            assignee_id=assignee_id,
            escalation_policy_id=escalation_policy_id,
            urgency=urgency,
            priority=priority,
            tags=tags,
        )

        create_incident_body.additional_properties = d
        return create_incident_body

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
