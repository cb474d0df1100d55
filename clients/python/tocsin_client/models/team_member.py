from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.team_member_role import TeamMemberRole

T = TypeVar("T", bound="TeamMember")


@_attrs_define
class TeamMember:
    """
    Attributes:
        user_id (UUID):
        name (str):
        email (str):
        role (TeamMemberRole): `member` or `manager`; both are paged alike when the team is
        added_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    user_id: UUID
    name: str
    email: str
    role: TeamMemberRole
    added_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        user_id = str(self.user_id)

        name = self.name

        email = self.email

        role = self.role.value

        added_at = self.added_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "user_id": user_id,
                "name": name,
                "email": email,
                "role": role,
                "added_at": added_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        user_id = UUID(d.pop("user_id"))

        name = d.pop("name")

        email = d.pop("email")

        role = TeamMemberRole(d.pop("role"))

        added_at = datetime.datetime.fromisoformat(d.pop("added_at"))

        team_member = cls(
            user_id=user_id,
            name=name,
            email=email,
            role=role,
            added_at=added_at,
        )

        return team_member
