from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.execution_priority_runbook_type_0 import ExecutionPriorityRunbookType0
from ..models.execution_status import ExecutionStatus

if TYPE_CHECKING:
    from ..models.execution_parameters import ExecutionParameters
    from ..models.execution_step import ExecutionStep


T = TypeVar("T", bound="Execution")


@_attrs_define
class Execution:
    """
    Attributes:
        id (UUID):
        procedure_id (UUID):
        procedure_name (str): As it was when the execution started
        procedure_version (int): The definition version the execution runs, whatever edits came later
        incident_id (None | UUID):
        status (ExecutionStatus):
        parameters (ExecutionParameters):
        steps (list[ExecutionStep]):
        started_by (None | UUID): Who started it; null when it started automatically (`routing_rule_id` or
            `priority_runbook`)
        routing_rule_id (None | UUID): The routing rule that started it when its incident opened (at most one automatic
            run per incident); null: started by a person or a priority
        priority_runbook (ExecutionPriorityRunbookType0 | None): The priority whose runbook started it, when its
            incident opened with that priority or was set to it later (at most one automatic run per incident); null:
            started by a person or a routing rule
        started_at (datetime.datetime): ISO 8601 UTC timestamp
        completed_at (datetime.datetime | None):
        workflow_id (str): The Temporal workflow id: `execution:<id>`, or `remediation:<incident id>` for a run started
            automatically
    """

    id: UUID
    procedure_id: UUID
    procedure_name: str
    procedure_version: int
    incident_id: None | UUID
    status: ExecutionStatus
    parameters: ExecutionParameters
    steps: list[ExecutionStep]
    started_by: None | UUID
    routing_rule_id: None | UUID
    priority_runbook: ExecutionPriorityRunbookType0 | None
    started_at: datetime.datetime
    completed_at: datetime.datetime | None
    workflow_id: str

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        procedure_id = str(self.procedure_id)

        procedure_name = self.procedure_name

        procedure_version = self.procedure_version

        incident_id: None | str
        if isinstance(self.incident_id, UUID):
            incident_id = str(self.incident_id)
        else:
            incident_id = self.incident_id

        status = self.status.value

        parameters = self.parameters.to_dict()

        steps = []
        for steps_item_data in self.steps:
            steps_item = steps_item_data.to_dict()
            steps.append(steps_item)

        started_by: None | str
        if isinstance(self.started_by, UUID):
            started_by = str(self.started_by)
        else:
            started_by = self.started_by

        routing_rule_id: None | str
        if isinstance(self.routing_rule_id, UUID):
            routing_rule_id = str(self.routing_rule_id)
        else:
            routing_rule_id = self.routing_rule_id

        priority_runbook: None | str
        if isinstance(self.priority_runbook, ExecutionPriorityRunbookType0):
            priority_runbook = self.priority_runbook.value
        else:
            priority_runbook = self.priority_runbook

        started_at = self.started_at.isoformat()

        completed_at: None | str
        if isinstance(self.completed_at, datetime.datetime):
            completed_at = self.completed_at.isoformat()
        else:
            completed_at = self.completed_at

        workflow_id = self.workflow_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "procedure_id": procedure_id,
                "procedure_name": procedure_name,
                "procedure_version": procedure_version,
                "incident_id": incident_id,
                "status": status,
                "parameters": parameters,
                "steps": steps,
                "started_by": started_by,
                "routing_rule_id": routing_rule_id,
                "priority_runbook": priority_runbook,
                "started_at": started_at,
                "completed_at": completed_at,
                "workflow_id": workflow_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.execution_parameters import ExecutionParameters  # noqa: PLC0415
        from ..models.execution_step import ExecutionStep  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        procedure_id = UUID(d.pop("procedure_id"))

        procedure_name = d.pop("procedure_name")

        procedure_version = d.pop("procedure_version")

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

        status = ExecutionStatus(d.pop("status"))

        parameters = ExecutionParameters.from_dict(d.pop("parameters"))

        steps = []
        _steps = d.pop("steps")
        for steps_item_data in _steps:
            steps_item = ExecutionStep.from_dict(steps_item_data)

            steps.append(steps_item)

        def _parse_started_by(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                started_by_type_0 = UUID(data)

                return started_by_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        started_by = _parse_started_by(d.pop("started_by"))

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

        def _parse_priority_runbook(data: object) -> ExecutionPriorityRunbookType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                priority_runbook_type_0 = ExecutionPriorityRunbookType0(data)

                return priority_runbook_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ExecutionPriorityRunbookType0 | None, data)

        priority_runbook = _parse_priority_runbook(d.pop("priority_runbook"))

        started_at = datetime.datetime.fromisoformat(d.pop("started_at"))

        def _parse_completed_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                completed_at_type_0 = datetime.datetime.fromisoformat(data)

                return completed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        completed_at = _parse_completed_at(d.pop("completed_at"))

        workflow_id = d.pop("workflow_id")

        execution = cls(
            id=id,
            procedure_id=procedure_id,
            procedure_name=procedure_name,
            procedure_version=procedure_version,
            incident_id=incident_id,
            status=status,
            parameters=parameters,
            steps=steps,
            started_by=started_by,
            routing_rule_id=routing_rule_id,
            priority_runbook=priority_runbook,
            started_at=started_at,
            completed_at=completed_at,
            workflow_id=workflow_id,
        )

        return execution
