from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="ChatFeed")


@_attrs_define
class ChatFeed:
    """
    Attributes:
        id (UUID):
        kind (str):
        target (str):
        routing_rule_id (None | UUID):
        integration_id (None | UUID):
        created_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    id: UUID
    kind: str
    target: str
    routing_rule_id: None | UUID
    integration_id: None | UUID
    created_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        kind = self.kind

        target = self.target

        routing_rule_id: None | str
        if isinstance(self.routing_rule_id, UUID):
            routing_rule_id = str(self.routing_rule_id)
        else:
            routing_rule_id = self.routing_rule_id

        integration_id: None | str
        if isinstance(self.integration_id, UUID):
            integration_id = str(self.integration_id)
        else:
            integration_id = self.integration_id

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "kind": kind,
                "target": target,
                "routing_rule_id": routing_rule_id,
                "integration_id": integration_id,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        kind = d.pop("kind")

        target = d.pop("target")

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

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        chat_feed = cls(
            id=id,
            kind=kind,
            target=target,
            routing_rule_id=routing_rule_id,
            integration_id=integration_id,
            created_at=created_at,
        )

        return chat_feed
