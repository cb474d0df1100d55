from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.self_test_run_status import SelfTestRunStatus

T = TypeVar("T", bound="SelfTestRun")


@_attrs_define
class SelfTestRun:
    """
    Attributes:
        id (UUID):
        status (SelfTestRunStatus):
        workflow_id (str):
        worker_identity (None | str): pid@host of the worker that ran the activity
        created_at (datetime.datetime): ISO 8601 UTC timestamp
        completed_at (datetime.datetime | None):
    """

    id: UUID
    status: SelfTestRunStatus
    workflow_id: str
    worker_identity: None | str
    created_at: datetime.datetime
    completed_at: datetime.datetime | None

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        status = self.status.value

        workflow_id = self.workflow_id

        worker_identity: None | str
        worker_identity = self.worker_identity

        created_at = self.created_at.isoformat()

        completed_at: None | str
        if isinstance(self.completed_at, datetime.datetime):
            completed_at = self.completed_at.isoformat()
        else:
            completed_at = self.completed_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "status": status,
                "workflow_id": workflow_id,
                "worker_identity": worker_identity,
                "created_at": created_at,
                "completed_at": completed_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        status = SelfTestRunStatus(d.pop("status"))

        workflow_id = d.pop("workflow_id")

        def _parse_worker_identity(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        worker_identity = _parse_worker_identity(d.pop("worker_identity"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

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

        self_test_run = cls(
            id=id,
            status=status,
            workflow_id=workflow_id,
            worker_identity=worker_identity,
            created_at=created_at,
            completed_at=completed_at,
        )

        return self_test_run
