from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="ReorderRoutingRulesBody")


@_attrs_define
class ReorderRoutingRulesBody:
    """
    Attributes:
        rule_ids (list[UUID]): Every rule of the organization, each once, in the new evaluation order (422 when one is
            missing or unknown)
    """

    rule_ids: list[UUID]

    def to_dict(self) -> dict[str, Any]:
        rule_ids = []
        for rule_ids_item_data in self.rule_ids:
            rule_ids_item = str(rule_ids_item_data)
            rule_ids.append(rule_ids_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rule_ids": rule_ids,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        rule_ids = []
        _rule_ids = d.pop("rule_ids")
        for rule_ids_item_data in _rule_ids:
            rule_ids_item = UUID(rule_ids_item_data)

            rule_ids.append(rule_ids_item)

        reorder_routing_rules_body = cls(
            rule_ids=rule_ids,
        )

        return reorder_routing_rules_body
