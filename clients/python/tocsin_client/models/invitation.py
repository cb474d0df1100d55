from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.invitation_role import InvitationRole

T = TypeVar("T", bound="Invitation")


@_attrs_define
class Invitation:
    """
    Attributes:
        id (UUID):
        email (str):
        role (InvitationRole):
        invited_by (UUID): The user who sent the invitation
        expires_at (datetime.datetime): ISO 8601 UTC timestamp
        created_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    id: UUID
    email: str
    role: InvitationRole
    invited_by: UUID
    expires_at: datetime.datetime
    created_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        email = self.email

        role = self.role.value

        invited_by = str(self.invited_by)

        expires_at = self.expires_at.isoformat()

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "email": email,
                "role": role,
                "invited_by": invited_by,
                "expires_at": expires_at,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        email = d.pop("email")

        role = InvitationRole(d.pop("role"))

        invited_by = UUID(d.pop("invited_by"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        invitation = cls(
            id=id,
            email=email,
            role=role,
            invited_by=invited_by,
            expires_at=expires_at,
            created_at=created_at,
        )

        return invitation
