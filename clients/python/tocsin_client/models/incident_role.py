from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="IncidentRole")


@_attrs_define
class IncidentRole:
    """
    Attributes:
        key (str): The role’s key, as it appears in URLs: `incident_commander`, `communications_lead`, `scribe` (built
            in) or a custom role’s
        name (str):
        description (None | str):
        built_in (bool): Built-in roles (commander, communications lead, scribe) exist in every organization and cannot
            change
        created_at (datetime.datetime | None): Null for a built-in role
    """

    key: str
    name: str
    description: None | str
    built_in: bool
    created_at: datetime.datetime | None

    def to_dict(self) -> dict[str, Any]:
        key = self.key

        name = self.name

        description: None | str
        description = self.description

        built_in = self.built_in

        created_at: None | str
        if isinstance(self.created_at, datetime.datetime):
            created_at = self.created_at.isoformat()
        else:
            created_at = self.created_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "key": key,
                "name": name,
                "description": description,
                "built_in": built_in,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        key = d.pop("key")

        name = d.pop("name")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        built_in = d.pop("built_in")

        def _parse_created_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                created_at_type_0 = datetime.datetime.fromisoformat(data)

                return created_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        created_at = _parse_created_at(d.pop("created_at"))

        incident_role = cls(
            key=key,
            name=name,
            description=description,
            built_in=built_in,
            created_at=created_at,
        )

        return incident_role
