from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="AssignIncidentRoleBody")


@_attrs_define
class AssignIncidentRoleBody:
    """
    Attributes:
        user_id (UUID): The member who takes the role; a member of another organization is 422
    """

    user_id: UUID

    def to_dict(self) -> dict[str, Any]:
        user_id = str(self.user_id)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "user_id": user_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        user_id = UUID(d.pop("user_id"))

        assign_incident_role_body = cls(
            user_id=user_id,
        )

        return assign_incident_role_body
