from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.escalation_policy import EscalationPolicy
    from ..models.get_escalation_policy_response_200_meta import GetEscalationPolicyResponse200Meta


T = TypeVar("T", bound="GetEscalationPolicyResponse200")


@_attrs_define
class GetEscalationPolicyResponse200:
    """
    Attributes:
        data (EscalationPolicy):
        meta (GetEscalationPolicyResponse200Meta):
    """

    data: EscalationPolicy
    meta: GetEscalationPolicyResponse200Meta

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
        from ..models.escalation_policy import EscalationPolicy  # noqa: PLC0415
        from ..models.get_escalation_policy_response_200_meta import GetEscalationPolicyResponse200Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = EscalationPolicy.from_dict(d.pop("data"))

        meta = GetEscalationPolicyResponse200Meta.from_dict(d.pop("meta"))

        get_escalation_policy_response_200 = cls(
            data=data,
            meta=meta,
        )

        return get_escalation_policy_response_200
