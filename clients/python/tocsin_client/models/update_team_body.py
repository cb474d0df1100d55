from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="UpdateTeamBody")


@_attrs_define
class UpdateTeamBody:
    """
    Attributes:
        name (str | Unset):
        description (None | str | Unset):
        default_escalation_policy_id (None | Unset | UUID): What the team's integrations page when their routing chooses
            no policy (no rule matched and the integration names none), before the organization's default; null for none
    """

    name: str | Unset = UNSET
    description: None | str | Unset = UNSET
    default_escalation_policy_id: None | Unset | UUID = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        default_escalation_policy_id: None | str | Unset
        if isinstance(self.default_escalation_policy_id, Unset):
            default_escalation_policy_id = UNSET
        elif isinstance(self.default_escalation_policy_id, UUID):
            default_escalation_policy_id = str(self.default_escalation_policy_id)
        else:
            default_escalation_policy_id = self.default_escalation_policy_id

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if description is not UNSET:
            field_dict["description"] = description
        if default_escalation_policy_id is not UNSET:
            field_dict["default_escalation_policy_id"] = default_escalation_policy_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        def _parse_default_escalation_policy_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                default_escalation_policy_id_type_0 = UUID(data)

                return default_escalation_policy_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        default_escalation_policy_id = _parse_default_escalation_policy_id(d.pop("default_escalation_policy_id", UNSET))

        update_team_body = cls(
            name=name,
            description=description,
            default_escalation_policy_id=default_escalation_policy_id,
        )

        return update_team_body
