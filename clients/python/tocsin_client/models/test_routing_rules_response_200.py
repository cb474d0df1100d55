from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.routing_test import RoutingTest
    from ..models.test_routing_rules_response_200_meta import TestRoutingRulesResponse200Meta


T = TypeVar("T", bound="TestRoutingRulesResponse200")


@_attrs_define
class TestRoutingRulesResponse200:
    """
    Attributes:
        data (RoutingTest):
        meta (TestRoutingRulesResponse200Meta):
    """

    data: RoutingTest
    meta: TestRoutingRulesResponse200Meta

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
        from ..models.routing_test import RoutingTest  # noqa: PLC0415
        from ..models.test_routing_rules_response_200_meta import TestRoutingRulesResponse200Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = RoutingTest.from_dict(d.pop("data"))

        meta = TestRoutingRulesResponse200Meta.from_dict(d.pop("meta"))

        test_routing_rules_response_200 = cls(
            data=data,
            meta=meta,
        )

        return test_routing_rules_response_200
