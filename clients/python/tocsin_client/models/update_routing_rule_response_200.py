from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.routing_rule import RoutingRule
    from ..models.update_routing_rule_response_200_meta import UpdateRoutingRuleResponse200Meta


T = TypeVar("T", bound="UpdateRoutingRuleResponse200")


@_attrs_define
class UpdateRoutingRuleResponse200:
    """
    Attributes:
        data (RoutingRule):
        meta (UpdateRoutingRuleResponse200Meta):
    """

    data: RoutingRule
    meta: UpdateRoutingRuleResponse200Meta

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
        from ..models.routing_rule import RoutingRule  # noqa: PLC0415
        from ..models.update_routing_rule_response_200_meta import UpdateRoutingRuleResponse200Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = RoutingRule.from_dict(d.pop("data"))

        meta = UpdateRoutingRuleResponse200Meta.from_dict(d.pop("meta"))

        update_routing_rule_response_200 = cls(
            data=data,
            meta=meta,
        )

        return update_routing_rule_response_200
