from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.procedure_step import ProcedureStep


T = TypeVar("T", bound="Procedure")


@_attrs_define
class Procedure:
    """
    Attributes:
        id (UUID):
        name (str):
        description (None | str):
        tags (list[str]):
        version (int): Incremented by every change of the definition
        steps (list[ProcedureStep]):
        created_at (datetime.datetime): ISO 8601 UTC timestamp
        updated_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    id: UUID
    name: str
    description: None | str
    tags: list[str]
    version: int
    steps: list[ProcedureStep]
    created_at: datetime.datetime
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        name = self.name

        description: None | str
        description = self.description

        tags = self.tags

        version = self.version

        steps = []
        for steps_item_data in self.steps:
            steps_item = steps_item_data.to_dict()
            steps.append(steps_item)

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "description": description,
                "tags": tags,
                "version": version,
                "steps": steps,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.procedure_step import ProcedureStep  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        name = d.pop("name")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        tags = cast(list[str], d.pop("tags"))

        version = d.pop("version")

        steps = []
        _steps = d.pop("steps")
        for steps_item_data in _steps:
            steps_item = ProcedureStep.from_dict(steps_item_data)

            steps.append(steps_item)

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        procedure = cls(
            id=id,
            name=name,
            description=description,
            tags=tags,
            version=version,
            steps=steps,
            created_at=created_at,
            updated_at=updated_at,
        )

        return procedure
