from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.update_execution_body_type_1_status import UpdateExecutionBodyType1Status
from ..types import UNSET, Unset

T = TypeVar("T", bound="UpdateExecutionBodyType1")


@_attrs_define
class UpdateExecutionBodyType1:
    """
    Attributes:
        step_id (UUID):
        status (UpdateExecutionBodyType1Status):
        notes (None | str | Unset):
        output (Any | Unset): Any JSON value without a NUL character in its strings or keys
    """

    step_id: UUID
    status: UpdateExecutionBodyType1Status
    notes: None | str | Unset = UNSET
    output: Any | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        step_id = str(self.step_id)

        status = self.status.value

        notes: None | str | Unset
        if isinstance(self.notes, Unset):
            notes = UNSET
        else:
            notes = self.notes

        output = self.output

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "step_id": step_id,
                "status": status,
            }
        )
        if notes is not UNSET:
            field_dict["notes"] = notes
        if output is not UNSET:
            field_dict["output"] = output

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        step_id = UUID(d.pop("step_id"))

        status = UpdateExecutionBodyType1Status(d.pop("status"))

        def _parse_notes(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        notes = _parse_notes(d.pop("notes", UNSET))

        output = d.pop("output", UNSET)

        update_execution_body_type_1 = cls(
            step_id=step_id,
            status=status,
            notes=notes,
            output=output,
        )

        return update_execution_body_type_1
