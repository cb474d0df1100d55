from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.escalation_level import EscalationLevel


T = TypeVar("T", bound="EscalationPolicy")


@_attrs_define
class EscalationPolicy:
    """
    Attributes:
        id (UUID):
        name (str):
        description (None | str):
        levels (list[EscalationLevel]):
        repeat (int):
        ack_timeout_minutes (float | None): Acknowledgement timeout in minutes; null: none
        is_default (bool):
        team_id (None | UUID): The owning team; null: the organization's
        created_at (datetime.datetime): ISO 8601 UTC timestamp
        updated_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    id: UUID
    name: str
    description: None | str
    levels: list[EscalationLevel]
    repeat: int
    ack_timeout_minutes: float | None
    is_default: bool
    team_id: None | UUID
    created_at: datetime.datetime
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        name = self.name

        description: None | str
        description = self.description

        levels = []
        for levels_item_data in self.levels:
            levels_item = levels_item_data.to_dict()
            levels.append(levels_item)

        repeat = self.repeat

        ack_timeout_minutes: float | None
        ack_timeout_minutes = self.ack_timeout_minutes

        is_default = self.is_default

        team_id: None | str
        if isinstance(self.team_id, UUID):
            team_id = str(self.team_id)
        else:
            team_id = self.team_id

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "description": description,
                "levels": levels,
                "repeat": repeat,
                "ack_timeout_minutes": ack_timeout_minutes,
                "is_default": is_default,
                "team_id": team_id,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.escalation_level import EscalationLevel  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        name = d.pop("name")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        levels = []
        _levels = d.pop("levels")
        for levels_item_data in _levels:
            levels_item = EscalationLevel.from_dict(levels_item_data)

            levels.append(levels_item)

        repeat = d.pop("repeat")

        def _parse_ack_timeout_minutes(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        ack_timeout_minutes = _parse_ack_timeout_minutes(d.pop("ack_timeout_minutes"))

        is_default = d.pop("is_default")

        def _parse_team_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                team_id_type_0 = UUID(data)

                return team_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        team_id = _parse_team_id(d.pop("team_id"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        escalation_policy = cls(
            id=id,
            name=name,
            description=description,
            levels=levels,
            repeat=repeat,
            ack_timeout_minutes=ack_timeout_minutes,
            is_default=is_default,
            team_id=team_id,
            created_at=created_at,
            updated_at=updated_at,
        )

        return escalation_policy
