from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PutPriorityRunbookBody")


@_attrs_define
class PutPriorityRunbookBody:
    """
    Attributes:
        procedure_id (UUID): One of the organization's procedures (404 NOT_FOUND otherwise)
        auto_approve (bool | Unset): Run steps that change systems without an approval (default false) Default: False.
        resolve_incident (bool | Unset): Resolve the incident when the run succeeds (default true) Default: True.
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

        put_priority_runbook_body = cls(
            procedure_id=procedure_id,
            auto_approve=auto_approve,
            resolve_incident=resolve_incident,
        )

        return put_priority_runbook_body
