from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.priority_runbook_priority import PriorityRunbookPriority

T = TypeVar("T", bound="PriorityRunbook")


@_attrs_define
class PriorityRunbook:
    """The runbook started when an incident opens with this priority or is set to it later. At most one automatic run per
    incident: a routing rule’s runbook wins over the priority’s, and once one started no other does.

        Attributes:
            priority (PriorityRunbookPriority): The priority, P1 (most pressing) to P5
            procedure_id (UUID): The procedure (runbook) started
            procedure_name (str): The procedure’s name as it is now
            auto_approve (bool): Steps that change systems (http other than GET or HEAD) run without waiting for an approval
            resolve_incident (bool): The run’s success resolves the incident, which stops its paging
            created_at (datetime.datetime): ISO 8601 UTC timestamp
            updated_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    priority: PriorityRunbookPriority
    procedure_id: UUID
    procedure_name: str
    auto_approve: bool
    resolve_incident: bool
    created_at: datetime.datetime
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        priority = self.priority.value

        procedure_id = str(self.procedure_id)

        procedure_name = self.procedure_name

        auto_approve = self.auto_approve

        resolve_incident = self.resolve_incident

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "priority": priority,
                "procedure_id": procedure_id,
                "procedure_name": procedure_name,
                "auto_approve": auto_approve,
                "resolve_incident": resolve_incident,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        priority = PriorityRunbookPriority(d.pop("priority"))

        procedure_id = UUID(d.pop("procedure_id"))

        procedure_name = d.pop("procedure_name")

        auto_approve = d.pop("auto_approve")

        resolve_incident = d.pop("resolve_incident")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        priority_runbook = cls(
            priority=priority,
            procedure_id=procedure_id,
            procedure_name=procedure_name,
            auto_approve=auto_approve,
            resolve_incident=resolve_incident,
            created_at=created_at,
            updated_at=updated_at,
        )

        return priority_runbook
