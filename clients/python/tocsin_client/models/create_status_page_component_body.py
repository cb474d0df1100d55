from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.create_status_page_component_body_status_override_type_0 import (
    CreateStatusPageComponentBodyStatusOverrideType0,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateStatusPageComponentBody")


@_attrs_define
class CreateStatusPageComponentBody:
    """
    Attributes:
        name (str):
        description (None | str | Unset):
        position (int | Unset): Components are listed by position, then name Default: 0.
        integration_ids (list[UUID] | Unset): Open incidents from these integrations set the component's status (the
            organization's own; 422 otherwise)
        routing_rule_ids (list[UUID] | Unset): Open incidents routed by these rules set the component's status (the
            organization's own; 422 otherwise)
        status_override (CreateStatusPageComponentBodyStatusOverrideType0 | None | Unset): Shown instead of the derived
            status while set; null: derived from open incidents (critical: major outage, high: partial outage, medium and
            low: degraded) and maintenance windows
    """

    name: str
    description: None | str | Unset = UNSET
    position: int | Unset = 0
    integration_ids: list[UUID] | Unset = UNSET
    routing_rule_ids: list[UUID] | Unset = UNSET
    status_override: CreateStatusPageComponentBodyStatusOverrideType0 | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        position = self.position

        integration_ids: list[str] | Unset = UNSET
        if not isinstance(self.integration_ids, Unset):
            integration_ids = []
            for integration_ids_item_data in self.integration_ids:
                integration_ids_item = str(integration_ids_item_data)
                integration_ids.append(integration_ids_item)

        routing_rule_ids: list[str] | Unset = UNSET
        if not isinstance(self.routing_rule_ids, Unset):
            routing_rule_ids = []
            for routing_rule_ids_item_data in self.routing_rule_ids:
                routing_rule_ids_item = str(routing_rule_ids_item_data)
                routing_rule_ids.append(routing_rule_ids_item)

        status_override: None | str | Unset
        if isinstance(self.status_override, Unset):
            status_override = UNSET
        elif isinstance(self.status_override, CreateStatusPageComponentBodyStatusOverrideType0):
            status_override = self.status_override.value
        else:
            status_override = self.status_override

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description
        if position is not UNSET:
            field_dict["position"] = position
        if integration_ids is not UNSET:
            field_dict["integration_ids"] = integration_ids
        if routing_rule_ids is not UNSET:
            field_dict["routing_rule_ids"] = routing_rule_ids
        if status_override is not UNSET:
            field_dict["status_override"] = status_override

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        position = d.pop("position", UNSET)

        _integration_ids = d.pop("integration_ids", UNSET)
        integration_ids: list[UUID] | Unset = UNSET
        if _integration_ids is not UNSET:
            integration_ids = []
            for integration_ids_item_data in _integration_ids:
                integration_ids_item = UUID(integration_ids_item_data)

                integration_ids.append(integration_ids_item)

        _routing_rule_ids = d.pop("routing_rule_ids", UNSET)
        routing_rule_ids: list[UUID] | Unset = UNSET
        if _routing_rule_ids is not UNSET:
            routing_rule_ids = []
            for routing_rule_ids_item_data in _routing_rule_ids:
                routing_rule_ids_item = UUID(routing_rule_ids_item_data)

                routing_rule_ids.append(routing_rule_ids_item)

        def _parse_status_override(data: object) -> CreateStatusPageComponentBodyStatusOverrideType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                status_override_type_0 = CreateStatusPageComponentBodyStatusOverrideType0(data)

                return status_override_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CreateStatusPageComponentBodyStatusOverrideType0 | None | Unset, data)

        status_override = _parse_status_override(d.pop("status_override", UNSET))

        create_status_page_component_body = cls(
            name=name,
            description=description,
            position=position,
            integration_ids=integration_ids,
            routing_rule_ids=routing_rule_ids,
            status_override=status_override,
        )

        return create_status_page_component_body
