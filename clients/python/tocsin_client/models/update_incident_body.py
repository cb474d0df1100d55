from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.update_incident_body_priority_type_0 import UpdateIncidentBodyPriorityType0
from ..models.update_incident_body_severity import UpdateIncidentBodySeverity
from ..models.update_incident_body_status import UpdateIncidentBodyStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="UpdateIncidentBody")


@_attrs_define
class UpdateIncidentBody:
    """
    Attributes:
        title (str | Unset):
        description (None | str | Unset):
        status (UpdateIncidentBodyStatus | Unset):
        severity (UpdateIncidentBodySeverity | Unset):
        priority (None | Unset | UpdateIncidentBodyPriorityType0):
        assignee_id (None | Unset | UUID):
        tags (list[str] | Unset):
    """

    title: str | Unset = UNSET
    description: None | str | Unset = UNSET
    status: UpdateIncidentBodyStatus | Unset = UNSET
    severity: UpdateIncidentBodySeverity | Unset = UNSET
    priority: None | Unset | UpdateIncidentBodyPriorityType0 = UNSET
    assignee_id: None | Unset | UUID = UNSET
    tags: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        title = self.title

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value

        severity: str | Unset = UNSET
        if not isinstance(self.severity, Unset):
            severity = self.severity.value

        priority: None | str | Unset
        if isinstance(self.priority, Unset):
            priority = UNSET
        elif isinstance(self.priority, UpdateIncidentBodyPriorityType0):
            priority = self.priority.value
        else:
            priority = self.priority

        assignee_id: None | str | Unset
        if isinstance(self.assignee_id, Unset):
            assignee_id = UNSET
        elif isinstance(self.assignee_id, UUID):
            assignee_id = str(self.assignee_id)
        else:
            assignee_id = self.assignee_id

        tags: list[str] | Unset = UNSET
        if not isinstance(self.tags, Unset):
            tags = self.tags

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if title is not UNSET:
            field_dict["title"] = title
        if description is not UNSET:
            field_dict["description"] = description
        if status is not UNSET:
            field_dict["status"] = status
        if severity is not UNSET:
            field_dict["severity"] = severity
        if priority is not UNSET:
            field_dict["priority"] = priority
        if assignee_id is not UNSET:
            field_dict["assignee_id"] = assignee_id
        if tags is not UNSET:
            field_dict["tags"] = tags

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        title = d.pop("title", UNSET)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        _status = d.pop("status", UNSET)
        status: UpdateIncidentBodyStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = UpdateIncidentBodyStatus(_status)

        _severity = d.pop("severity", UNSET)
        severity: UpdateIncidentBodySeverity | Unset
        if isinstance(_severity, Unset):
            severity = UNSET
        else:
            severity = UpdateIncidentBodySeverity(_severity)

        def _parse_priority(data: object) -> None | Unset | UpdateIncidentBodyPriorityType0:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                priority_type_0 = UpdateIncidentBodyPriorityType0(data)

                return priority_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UpdateIncidentBodyPriorityType0, data)

        priority = _parse_priority(d.pop("priority", UNSET))

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

        tags = cast(list[str], d.pop("tags", UNSET))

        update_incident_body = cls(
            title=title,
            description=description,
            status=status,
            severity=severity,
            priority=priority,
            assignee_id=assignee_id,
            tags=tags,
        )

        update_incident_body.additional_properties = d
        return update_incident_body

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
