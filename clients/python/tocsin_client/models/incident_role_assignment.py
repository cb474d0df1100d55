from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="IncidentRoleAssignment")


@_attrs_define
class IncidentRoleAssignment:
    """
    Attributes:
        role_key (str):
        role_name (str): The role’s name (its key, for a custom role since deleted)
        user_id (UUID):
        user_name (None | str):
        assigned_by (None | UUID): Who assigned it (null: that member has since left)
        assigned_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    role_key: str
    role_name: str
    user_id: UUID
    user_name: None | str
    assigned_by: None | UUID
    assigned_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        role_key = self.role_key

        role_name = self.role_name

        user_id = str(self.user_id)

        user_name: None | str
        user_name = self.user_name

        assigned_by: None | str
        if isinstance(self.assigned_by, UUID):
            assigned_by = str(self.assigned_by)
        else:
            assigned_by = self.assigned_by

        assigned_at = self.assigned_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "role_key": role_key,
                "role_name": role_name,
                "user_id": user_id,
                "user_name": user_name,
                "assigned_by": assigned_by,
                "assigned_at": assigned_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        role_key = d.pop("role_key")

        role_name = d.pop("role_name")

        user_id = UUID(d.pop("user_id"))

        def _parse_user_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        user_name = _parse_user_name(d.pop("user_name"))

        def _parse_assigned_by(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                assigned_by_type_0 = UUID(data)

                return assigned_by_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        assigned_by = _parse_assigned_by(d.pop("assigned_by"))

        assigned_at = datetime.datetime.fromisoformat(d.pop("assigned_at"))

        incident_role_assignment = cls(
            role_key=role_key,
            role_name=role_name,
            user_id=user_id,
            user_name=user_name,
            assigned_by=assigned_by,
            assigned_at=assigned_at,
        )

        return incident_role_assignment
