from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.create_routing_rule_response_201_meta import CreateRoutingRuleResponse201Meta
    from ..models.routing_rule import RoutingRule


T = TypeVar("T", bound="CreateRoutingRuleResponse201")


@_attrs_define
class CreateRoutingRuleResponse201:
    """
    Attributes:
        data (RoutingRule):
        meta (CreateRoutingRuleResponse201Meta):
    """

    data: RoutingRule
    meta: CreateRoutingRuleResponse201Meta

    def to_dict(self) -> dict[str, Any]:
        data = self.data.to_dict()

        meta = self.meta.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "data": data,
                "meta": meta,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.create_routing_rule_response_201_meta import CreateRoutingRuleResponse201Meta  # noqa: PLC0415
        from ..models.routing_rule import RoutingRule  # noqa: PLC0415

        d = dict(src_dict)
        data = RoutingRule.from_dict(d.pop("data"))

        meta = CreateRoutingRuleResponse201Meta.from_dict(d.pop("meta"))

        create_routing_rule_response_201 = cls(
            data=data,
            meta=meta,
        )

        return create_routing_rule_response_201
