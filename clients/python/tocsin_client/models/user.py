from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.user_role import UserRole

T = TypeVar("T", bound="User")


@_attrs_define
class User:
    """
    Attributes:
        id (UUID):
        email (str):
        name (str):
        role (UserRole):
        organization_id (UUID):
        email_verified (bool):
        created_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    id: UUID
    email: str
    name: str
    role: UserRole
    organization_id: UUID
    email_verified: bool
    created_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        email = self.email

        name = self.name

        role = self.role.value

        organization_id = str(self.organization_id)

        email_verified = self.email_verified

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "email": email,
                "name": name,
                "role": role,
                "organization_id": organization_id,
                "email_verified": email_verified,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        email = d.pop("email")

        name = d.pop("name")

        role = UserRole(d.pop("role"))

        organization_id = UUID(d.pop("organization_id"))

        email_verified = d.pop("email_verified")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        user = cls(
            id=id,
            email=email,
            name=name,
            role=role,
            organization_id=organization_id,
            email_verified=email_verified,
            created_at=created_at,
        )

        return user
