from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.create_escalation_policy_response_201_meta import CreateEscalationPolicyResponse201Meta
    from ..models.escalation_policy import EscalationPolicy


T = TypeVar("T", bound="CreateEscalationPolicyResponse201")


@_attrs_define
class CreateEscalationPolicyResponse201:
    """
    Attributes:
        data (EscalationPolicy):
        meta (CreateEscalationPolicyResponse201Meta):
    """

    data: EscalationPolicy
    meta: CreateEscalationPolicyResponse201Meta

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
        from ..models.create_escalation_policy_response_201_meta import CreateEscalationPolicyResponse201Meta  # noqa: PLC0415
        from ..models.escalation_policy import EscalationPolicy  # noqa: PLC0415

        d = dict(src_dict)
        data = EscalationPolicy.from_dict(d.pop("data"))

        meta = CreateEscalationPolicyResponse201Meta.from_dict(d.pop("meta"))

        create_escalation_policy_response_201 = cls(
            data=data,
            meta=meta,
        )

        return create_escalation_policy_response_201
