from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.execution_step_status import ExecutionStepStatus
from ..models.execution_step_type import ExecutionStepType

T = TypeVar("T", bound="ExecutionStep")


@_attrs_define
class ExecutionStep:
    """
    Attributes:
        step_id (UUID):
        position (int):
        name (str):
        type_ (ExecutionStepType):
        status (ExecutionStepStatus):
        output (Any): http steps: `{status_code, body}`, or `{error, ...}` on failure; others: what the person sent
        notes (None | str):
        actor_id (None | UUID):
        started_at (datetime.datetime | None):
        completed_at (datetime.datetime | None):
    """

    step_id: UUID
    position: int
    name: str
    type_: ExecutionStepType
    status: ExecutionStepStatus
    output: Any
    notes: None | str
    actor_id: None | UUID
    started_at: datetime.datetime | None
    completed_at: datetime.datetime | None

    def to_dict(self) -> dict[str, Any]:
        step_id = str(self.step_id)

        position = self.position

        name = self.name

        type_ = self.type_.value

        status = self.status.value

        output = self.output

        notes: None | str
        notes = self.notes

        actor_id: None | str
        if isinstance(self.actor_id, UUID):
            actor_id = str(self.actor_id)
        else:
            actor_id = self.actor_id

        started_at: None | str
        if isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

        completed_at: None | str
        if isinstance(self.completed_at, datetime.datetime):
            completed_at = self.completed_at.isoformat()
        else:
            completed_at = self.completed_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "step_id": step_id,
                "position": position,
                "name": name,
                "type": type_,
                "status": status,
                "output": output,
                "notes": notes,
                "actor_id": actor_id,
                "started_at": started_at,
                "completed_at": completed_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        step_id = UUID(d.pop("step_id"))

        position = d.pop("position")

        name = d.pop("name")

        type_ = ExecutionStepType(d.pop("type"))

        status = ExecutionStepStatus(d.pop("status"))

        output = d.pop("output")

        def _parse_notes(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        notes = _parse_notes(d.pop("notes"))

        def _parse_actor_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                actor_id_type_0 = UUID(data)

                return actor_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        actor_id = _parse_actor_id(d.pop("actor_id"))

        def _parse_started_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                started_at_type_0 = datetime.datetime.fromisoformat(data)

                return started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        started_at = _parse_started_at(d.pop("started_at"))

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

        execution_step = cls(
            step_id=step_id,
            position=position,
            name=name,
            type_=type_,
            status=status,
            output=output,
            notes=notes,
            actor_id=actor_id,
            started_at=started_at,
            completed_at=completed_at,
        )

        return execution_step
