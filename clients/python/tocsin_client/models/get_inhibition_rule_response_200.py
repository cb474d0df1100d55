from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.get_inhibition_rule_response_200_meta import GetInhibitionRuleResponse200Meta
    from ..models.inhibition_rule import InhibitionRule


T = TypeVar("T", bound="GetInhibitionRuleResponse200")


@_attrs_define
class GetInhibitionRuleResponse200:
    """
    Attributes:
        data (InhibitionRule):
        meta (GetInhibitionRuleResponse200Meta):
    """

    data: InhibitionRule
    meta: GetInhibitionRuleResponse200Meta

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
        from ..models.get_inhibition_rule_response_200_meta import GetInhibitionRuleResponse200Meta  # noqa: PLC0415
        from ..models.inhibition_rule import InhibitionRule  # noqa: PLC0415

        d = dict(src_dict)
        data = InhibitionRule.from_dict(d.pop("data"))

        meta = GetInhibitionRuleResponse200Meta.from_dict(d.pop("meta"))

        get_inhibition_rule_response_200 = cls(
            data=data,
            meta=meta,
        )

        return get_inhibition_rule_response_200
