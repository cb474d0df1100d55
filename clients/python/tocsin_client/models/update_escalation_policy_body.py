from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.escalation_level_input import EscalationLevelInput


T = TypeVar("T", bound="UpdateEscalationPolicyBody")


@_attrs_define
class UpdateEscalationPolicyBody:
    """
    Attributes:
        name (str | Unset):
        description (None | str | Unset):
        levels (list[EscalationLevelInput] | Unset):
        repeat (int | Unset): How many more times the whole chain runs when nobody acknowledges
        ack_timeout_minutes (float | None | Unset): Acknowledgement timeout: minutes an incident may stay acknowledged
            (`investigating`) before it goes back to `active` and pages again from level 1, in a new cycle; null (the
            default) for never; fractions allowed
        is_default (bool | Unset): The organization's default: incidents of integrations that name no policy page
            through it. Setting it on one policy clears it on the others.
        team_id (None | Unset | UUID): The owning team (a team of the organization; 422 otherwise); null: the
            organization's, no team
    """

    name: str | Unset = UNSET
    description: None | str | Unset = UNSET
    levels: list[EscalationLevelInput] | Unset = UNSET
    repeat: int | Unset = UNSET
    ack_timeout_minutes: float | None | Unset = UNSET
    is_default: bool | Unset = UNSET
    team_id: None | Unset | UUID = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        levels: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.levels, Unset):
            levels = []
            for levels_item_data in self.levels:
                levels_item = levels_item_data.to_dict()
                levels.append(levels_item)

        repeat = self.repeat

        ack_timeout_minutes: float | None | Unset
        if isinstance(self.ack_timeout_minutes, Unset):
            ack_timeout_minutes = UNSET
        else:
            ack_timeout_minutes = self.ack_timeout_minutes

        is_default = self.is_default

        team_id: None | str | Unset
        if isinstance(self.team_id, Unset):
            team_id = UNSET
        elif isinstance(self.team_id, UUID):
            team_id = str(self.team_id)
        else:
            team_id = self.team_id

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if description is not UNSET:
            field_dict["description"] = description
        if levels is not UNSET:
            field_dict["levels"] = levels
        if repeat is not UNSET:
            field_dict["repeat"] = repeat
        if ack_timeout_minutes is not UNSET:
            field_dict["ack_timeout_minutes"] = ack_timeout_minutes
        if is_default is not UNSET:
            field_dict["is_default"] = is_default
        if team_id is not UNSET:
            field_dict["team_id"] = team_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.escalation_level_input import EscalationLevelInput  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name", UNSET)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        _levels = d.pop("levels", UNSET)
        levels: list[EscalationLevelInput] | Unset = UNSET
        if _levels is not UNSET:
            levels = []
            for levels_item_data in _levels:
                levels_item = EscalationLevelInput.from_dict(levels_item_data)

                levels.append(levels_item)

        repeat = d.pop("repeat", UNSET)

        def _parse_ack_timeout_minutes(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        ack_timeout_minutes = _parse_ack_timeout_minutes(d.pop("ack_timeout_minutes", UNSET))

        is_default = d.pop("is_default", UNSET)

        def _parse_team_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                team_id_type_0 = UUID(data)

                return team_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        team_id = _parse_team_id(d.pop("team_id", UNSET))

        update_escalation_policy_body = cls(
            name=name,
            description=description,
            levels=levels,
            repeat=repeat,
            ack_timeout_minutes=ack_timeout_minutes,
            is_default=is_default,
            team_id=team_id,
        )

        return update_escalation_policy_body
