from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="RoutingRuleRunbookInput")


@_attrs_define
class RoutingRuleRunbookInput:
    """
    Attributes:
        procedure_id (UUID): The procedure (runbook) to start; one of the organization's procedures (422 otherwise)
        auto_approve (bool | Unset): false (the default): each step that changes systems (an http step other than GET or
            HEAD) waits for a person to approve it (PATCH /executions/{id}); true: they run at once Default: False.
        resolve_incident (bool | Unset): Whether the runbook's success resolves the incident, which stops its paging
            (default true) Default: True.
    """

    procedure_id: UUID
    auto_approve: bool | Unset = False
    resolve_incident: bool | Unset = True

    def to_dict(self) -> dict[str, Any]:
        procedure_id = str(self.procedure_id)

        auto_approve = self.auto_approve

        resolve_incident = self.resolve_incident

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "procedure_id": procedure_id,
            }
        )
        if auto_approve is not UNSET:
            field_dict["auto_approve"] = auto_approve
        if resolve_incident is not UNSET:
            field_dict["resolve_incident"] = resolve_incident

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        procedure_id = UUID(d.pop("procedure_id"))

        auto_approve = d.pop("auto_approve", UNSET)

        resolve_incident = d.pop("resolve_incident", UNSET)

        routing_rule_runbook_input = cls(
            procedure_id=procedure_id,
            auto_approve=auto_approve,
            resolve_incident=resolve_incident,
        )

        return routing_rule_runbook_input
