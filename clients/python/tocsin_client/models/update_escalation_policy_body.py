from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

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
    """

    name: str | Unset = UNSET
    description: None | str | Unset = UNSET
    levels: list[EscalationLevelInput] | Unset = UNSET
    repeat: int | Unset = UNSET
    ack_timeout_minutes: float | None | Unset = UNSET
    is_default: bool | Unset = UNSET

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

        update_escalation_policy_body = cls(
            name=name,
            description=description,
            levels=levels,
            repeat=repeat,
            ack_timeout_minutes=ack_timeout_minutes,
            is_default=is_default,
        )

        return update_escalation_policy_body
