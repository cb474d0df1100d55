from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.add_team_member_body_role import AddTeamMemberBodyRole
from ..types import UNSET, Unset

T = TypeVar("T", bound="AddTeamMemberBody")


@_attrs_define
class AddTeamMemberBody:
    """
    Attributes:
        user_id (UUID): A member of the organization
        role (AddTeamMemberBodyRole | Unset): `member` or `manager`; both are paged alike when the team is Default:
            AddTeamMemberBodyRole.MEMBER.
    """

    user_id: UUID
    role: AddTeamMemberBodyRole | Unset = AddTeamMemberBodyRole.MEMBER

    def to_dict(self) -> dict[str, Any]:
        user_id = str(self.user_id)

        role: str | Unset = UNSET
        if not isinstance(self.role, Unset):
            role = self.role.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "user_id": user_id,
            }
        )
        if role is not UNSET:
            field_dict["role"] = role

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        user_id = UUID(d.pop("user_id"))

        _role = d.pop("role", UNSET)
        role: AddTeamMemberBodyRole | Unset
        if isinstance(_role, Unset):
            role = UNSET
        else:
            role = AddTeamMemberBodyRole(_role)

        add_team_member_body = cls(
            user_id=user_id,
            role=role,
        )

        return add_team_member_body
