from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.team_member import TeamMember


T = TypeVar("T", bound="Team")


@_attrs_define
class Team:
    """
    Attributes:
        id (UUID):
        name (str):
        description (None | str):
        default_escalation_policy_id (None | UUID):
        members (list[TeamMember]): In the order they joined
        schedule_ids (list[UUID]): The schedules the team owns: paging the team pages whoever they have on call, else
            every member
        created_at (datetime.datetime): ISO 8601 UTC timestamp
        updated_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    id: UUID
    name: str
    description: None | str
    default_escalation_policy_id: None | UUID
    members: list[TeamMember]
    schedule_ids: list[UUID]
    created_at: datetime.datetime
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        name = self.name

        description: None | str
        description = self.description

        default_escalation_policy_id: None | str
        if isinstance(self.default_escalation_policy_id, UUID):
            default_escalation_policy_id = str(self.default_escalation_policy_id)
        else:
            default_escalation_policy_id = self.default_escalation_policy_id

        members = []
        for members_item_data in self.members:
            members_item = members_item_data.to_dict()
            members.append(members_item)

        schedule_ids = []
        for schedule_ids_item_data in self.schedule_ids:
            schedule_ids_item = str(schedule_ids_item_data)
            schedule_ids.append(schedule_ids_item)

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "description": description,
                "default_escalation_policy_id": default_escalation_policy_id,
                "members": members,
                "schedule_ids": schedule_ids,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.team_member import TeamMember  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        name = d.pop("name")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        def _parse_default_escalation_policy_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                default_escalation_policy_id_type_0 = UUID(data)

                return default_escalation_policy_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        default_escalation_policy_id = _parse_default_escalation_policy_id(d.pop("default_escalation_policy_id"))

        members = []
        _members = d.pop("members")
        for members_item_data in _members:
            members_item = TeamMember.from_dict(members_item_data)

            members.append(members_item)

        schedule_ids = []
        _schedule_ids = d.pop("schedule_ids")
        for schedule_ids_item_data in _schedule_ids:
            schedule_ids_item = UUID(schedule_ids_item_data)

            schedule_ids.append(schedule_ids_item)

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        team = cls(
            id=id,
            name=name,
            description=description,
            default_escalation_policy_id=default_escalation_policy_id,
            members=members,
            schedule_ids=schedule_ids,
            created_at=created_at,
            updated_at=updated_at,
        )

        return team
