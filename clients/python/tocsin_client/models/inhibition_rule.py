from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="InhibitionRule")


@_attrs_define
class InhibitionRule:
    """
    Attributes:
        id (UUID):
        name (str):
        source_matchers (list[str]): Each matcher in canonical form (`name="value"`)
        target_matchers (list[str]): Each matcher in canonical form (`name="value"`)
        equal (list[str]):
        enabled (bool):
        created_by (None | UUID):
        created_at (datetime.datetime): ISO 8601 UTC timestamp
        updated_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    id: UUID
    name: str
    source_matchers: list[str]
    target_matchers: list[str]
    equal: list[str]
    enabled: bool
    created_by: None | UUID
    created_at: datetime.datetime
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        name = self.name

        source_matchers = self.source_matchers

        target_matchers = self.target_matchers

        equal = self.equal

        enabled = self.enabled

        created_by: None | str
        if isinstance(self.created_by, UUID):
            created_by = str(self.created_by)
        else:
            created_by = self.created_by

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "source_matchers": source_matchers,
                "target_matchers": target_matchers,
                "equal": equal,
                "enabled": enabled,
                "created_by": created_by,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        name = d.pop("name")

        source_matchers = cast(list[str], d.pop("source_matchers"))

        target_matchers = cast(list[str], d.pop("target_matchers"))

        equal = cast(list[str], d.pop("equal"))

        enabled = d.pop("enabled")

        def _parse_created_by(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                created_by_type_0 = UUID(data)

                return created_by_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        created_by = _parse_created_by(d.pop("created_by"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        inhibition_rule = cls(
            id=id,
            name=name,
            source_matchers=source_matchers,
            target_matchers=target_matchers,
            equal=equal,
            enabled=enabled,
            created_by=created_by,
            created_at=created_at,
            updated_at=updated_at,
        )

        return inhibition_rule
