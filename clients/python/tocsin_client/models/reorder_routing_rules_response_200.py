from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.reorder_routing_rules_response_200_meta import ReorderRoutingRulesResponse200Meta
    from ..models.routing_rule import RoutingRule


T = TypeVar("T", bound="ReorderRoutingRulesResponse200")


@_attrs_define
class ReorderRoutingRulesResponse200:
    """
    Attributes:
        data (list[RoutingRule]):
        meta (ReorderRoutingRulesResponse200Meta):
    """

    data: list[RoutingRule]
    meta: ReorderRoutingRulesResponse200Meta

    def to_dict(self) -> dict[str, Any]:
        data = []
        for data_item_data in self.data:
            data_item = data_item_data.to_dict()
            data.append(data_item)

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
        from ..models.reorder_routing_rules_response_200_meta import ReorderRoutingRulesResponse200Meta  # noqa: PLC0415
        from ..models.routing_rule import RoutingRule  # noqa: PLC0415

        d = dict(src_dict)
        data = []
        _data = d.pop("data")
        for data_item_data in _data:
            data_item = RoutingRule.from_dict(data_item_data)

            data.append(data_item)

        meta = ReorderRoutingRulesResponse200Meta.from_dict(d.pop("meta"))

        reorder_routing_rules_response_200 = cls(
            data=data,
            meta=meta,
        )

        return reorder_routing_rules_response_200
