from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.status_page_component_status import StatusPageComponentStatus
from ..models.status_page_component_status_override_type_0 import StatusPageComponentStatusOverrideType0

T = TypeVar("T", bound="StatusPageComponent")


@_attrs_define
class StatusPageComponent:
    """
    Attributes:
        id (UUID):
        name (str):
        description (None | str):
        position (int):
        integration_ids (list[UUID]):
        routing_rule_ids (list[UUID]):
        status_override (None | StatusPageComponentStatusOverrideType0):
        status (StatusPageComponentStatus): What the page shows now
        created_at (datetime.datetime): ISO 8601 UTC timestamp
        updated_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    id: UUID
    name: str
    description: None | str
    position: int
    integration_ids: list[UUID]
    routing_rule_ids: list[UUID]
    status_override: None | StatusPageComponentStatusOverrideType0
    status: StatusPageComponentStatus
    created_at: datetime.datetime
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        name = self.name

        description: None | str
        description = self.description

        position = self.position

        integration_ids = []
        for integration_ids_item_data in self.integration_ids:
            integration_ids_item = str(integration_ids_item_data)
            integration_ids.append(integration_ids_item)

        routing_rule_ids = []
        for routing_rule_ids_item_data in self.routing_rule_ids:
            routing_rule_ids_item = str(routing_rule_ids_item_data)
            routing_rule_ids.append(routing_rule_ids_item)

        status_override: None | str
        if isinstance(self.status_override, StatusPageComponentStatusOverrideType0):
            status_override = self.status_override.value
        else:
            status_override = self.status_override

        status = self.status.value

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "description": description,
                "position": position,
                "integration_ids": integration_ids,
                "routing_rule_ids": routing_rule_ids,
                "status_override": status_override,
                "status": status,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        name = d.pop("name")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        position = d.pop("position")

        integration_ids = []
        _integration_ids = d.pop("integration_ids")
        for integration_ids_item_data in _integration_ids:
            integration_ids_item = UUID(integration_ids_item_data)

            integration_ids.append(integration_ids_item)

        routing_rule_ids = []
        _routing_rule_ids = d.pop("routing_rule_ids")
        for routing_rule_ids_item_data in _routing_rule_ids:
            routing_rule_ids_item = UUID(routing_rule_ids_item_data)

            routing_rule_ids.append(routing_rule_ids_item)

        def _parse_status_override(data: object) -> None | StatusPageComponentStatusOverrideType0:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                status_override_type_0 = StatusPageComponentStatusOverrideType0(data)

                return status_override_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | StatusPageComponentStatusOverrideType0, data)

        status_override = _parse_status_override(d.pop("status_override"))

        status = StatusPageComponentStatus(d.pop("status"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        status_page_component = cls(
            id=id,
            name=name,
            description=description,
            position=position,
            integration_ids=integration_ids,
            routing_rule_ids=routing_rule_ids,
            status_override=status_override,
            status=status,
            created_at=created_at,
            updated_at=updated_at,
        )

        return status_page_component
