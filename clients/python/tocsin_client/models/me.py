from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.me_auth_method import MeAuthMethod
from ..models.me_role import MeRole

T = TypeVar("T", bound="Me")


@_attrs_define
class Me:
    """
    Attributes:
        id (UUID):
        email (str):
        name (str):
        role (MeRole):
        organization_id (UUID):
        email_verified (bool):
        created_at (datetime.datetime): ISO 8601 UTC timestamp
        auth_method (MeAuthMethod): How this request authenticated: a password or SSO session, or an API key
    """

    id: UUID
    email: str
    name: str
    role: MeRole
    organization_id: UUID
    email_verified: bool
    created_at: datetime.datetime
    auth_method: MeAuthMethod

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        email = self.email

        name = self.name

        role = self.role.value

        organization_id = str(self.organization_id)

        email_verified = self.email_verified

        created_at = self.created_at.isoformat()

        auth_method = self.auth_method.value

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
                "auth_method": auth_method,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        email = d.pop("email")

        name = d.pop("name")

        role = MeRole(d.pop("role"))

        organization_id = UUID(d.pop("organization_id"))

        email_verified = d.pop("email_verified")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        auth_method = MeAuthMethod(d.pop("auth_method"))

        me = cls(
            id=id,
            email=email,
            name=name,
            role=role,
            organization_id=organization_id,
            email_verified=email_verified,
            created_at=created_at,
            auth_method=auth_method,
        )

        return me
