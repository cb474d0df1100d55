from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="Organization")


@_attrs_define
class Organization:
    """
    Attributes:
        id (UUID):
        name (str):
        plan (str):
        created_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    id: UUID
    name: str
    plan: str
    created_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        name = self.name

        plan = self.plan

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "plan": plan,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        name = d.pop("name")

        plan = d.pop("plan")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        organization = cls(
            id=id,
            name=name,
            plan=plan,
            created_at=created_at,
        )

        return organization
