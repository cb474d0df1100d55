from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.create_team_body_members_item_role import CreateTeamBodyMembersItemRole
from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateTeamBodyMembersItem")


@_attrs_define
class CreateTeamBodyMembersItem:
    """
    Attributes:
        user_id (UUID):
        role (CreateTeamBodyMembersItemRole | Unset): `member` or `manager`; both are paged alike when the team is
            Default: CreateTeamBodyMembersItemRole.MEMBER.
    """

    user_id: UUID
    role: CreateTeamBodyMembersItemRole | Unset = CreateTeamBodyMembersItemRole.MEMBER

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
        role: CreateTeamBodyMembersItemRole | Unset
        if isinstance(_role, Unset):
            role = UNSET
        else:
            role = CreateTeamBodyMembersItemRole(_role)

        create_team_body_members_item = cls(
            user_id=user_id,
            role=role,
        )

        return create_team_body_members_item
