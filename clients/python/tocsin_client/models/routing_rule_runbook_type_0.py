from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="RoutingRuleRunbookType0")


@_attrs_define
class RoutingRuleRunbookType0:
    """
    Attributes:
        procedure_id (UUID):
        auto_approve (bool):
        resolve_incident (bool):
    """

    procedure_id: UUID
    auto_approve: bool
    resolve_incident: bool

    def to_dict(self) -> dict[str, Any]:
        procedure_id = str(self.procedure_id)

        auto_approve = self.auto_approve

        resolve_incident = self.resolve_incident

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "procedure_id": procedure_id,
                "auto_approve": auto_approve,
                "resolve_incident": resolve_incident,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        procedure_id = UUID(d.pop("procedure_id"))

        auto_approve = d.pop("auto_approve")

        resolve_incident = d.pop("resolve_incident")

        routing_rule_runbook_type_0 = cls(
            procedure_id=procedure_id,
            auto_approve=auto_approve,
            resolve_incident=resolve_incident,
        )

        return routing_rule_runbook_type_0
