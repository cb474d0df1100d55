from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.admin_audit_event_actor import AdminAuditEventActor


T = TypeVar("T", bound="AdminAuditEvent")


@_attrs_define
class AdminAuditEvent:
    """
    Attributes:
        id (UUID):
        event_type (str):
        action (str): operationId of the request
        method (str):
        path (str): Path template below /api/v1
        target_type (None | str):
        target_id (None | str):
        actor (AdminAuditEventActor):
        ip (None | str):
        request_id (str):
        status_code (int):
        created_at (datetime.datetime): ISO 8601 UTC timestamp
        user_agent (None | str):
    """

    id: UUID
    event_type: str
    action: str
    method: str
    path: str
    target_type: None | str
    target_id: None | str
    actor: AdminAuditEventActor
    ip: None | str
    request_id: str
    status_code: int
    created_at: datetime.datetime
    user_agent: None | str

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        event_type = self.event_type

        action = self.action

        method = self.method

        path = self.path

        target_type: None | str
        target_type = self.target_type

        target_id: None | str
        target_id = self.target_id

        actor = self.actor.to_dict()

        ip: None | str
        ip = self.ip

        request_id = self.request_id

        status_code = self.status_code

        created_at = self.created_at.isoformat()

        user_agent: None | str
        user_agent = self.user_agent

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "event_type": event_type,
                "action": action,
                "method": method,
                "path": path,
                "target_type": target_type,
                "target_id": target_id,
                "actor": actor,
                "ip": ip,
                "request_id": request_id,
                "status_code": status_code,
                "created_at": created_at,
                "user_agent": user_agent,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.admin_audit_event_actor import AdminAuditEventActor  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        event_type = d.pop("event_type")

        action = d.pop("action")

        method = d.pop("method")

        path = d.pop("path")

        def _parse_target_type(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        target_type = _parse_target_type(d.pop("target_type"))

        def _parse_target_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        target_id = _parse_target_id(d.pop("target_id"))

        actor = AdminAuditEventActor.from_dict(d.pop("actor"))

        def _parse_ip(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        ip = _parse_ip(d.pop("ip"))

        request_id = d.pop("request_id")

        status_code = d.pop("status_code")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_user_agent(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        user_agent = _parse_user_agent(d.pop("user_agent"))

        admin_audit_event = cls(
            id=id,
            event_type=event_type,
            action=action,
            method=method,
            path=path,
            target_type=target_type,
            target_id=target_id,
            actor=actor,
            ip=ip,
            request_id=request_id,
            status_code=status_code,
            created_at=created_at,
            user_agent=user_agent,
        )

        return admin_audit_event
