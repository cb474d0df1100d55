from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="MaintenanceWindow")


@_attrs_define
class MaintenanceWindow:
    """
    Attributes:
        id (UUID):
        description (str):
        integration_ids (list[UUID]): Empty: the whole organization
        starts_at (datetime.datetime): ISO 8601 UTC timestamp
        ends_at (datetime.datetime): ISO 8601 UTC timestamp
        rrule (None | str):
        time_zone (str):
        in_effect (bool): Whether alerts received now are muted by it
        created_by (None | UUID):
        created_at (datetime.datetime): ISO 8601 UTC timestamp
        updated_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    id: UUID
    description: str
    integration_ids: list[UUID]
    starts_at: datetime.datetime
    ends_at: datetime.datetime
    rrule: None | str
    time_zone: str
    in_effect: bool
    created_by: None | UUID
    created_at: datetime.datetime
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        description = self.description

        integration_ids = []
        for integration_ids_item_data in self.integration_ids:
            integration_ids_item = str(integration_ids_item_data)
            integration_ids.append(integration_ids_item)

        starts_at = self.starts_at.isoformat()

        ends_at = self.ends_at.isoformat()

        rrule: None | str
        rrule = self.rrule

        time_zone = self.time_zone

        in_effect = self.in_effect

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
                "description": description,
                "integration_ids": integration_ids,
                "starts_at": starts_at,
                "ends_at": ends_at,
                "rrule": rrule,
                "time_zone": time_zone,
                "in_effect": in_effect,
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

        description = d.pop("description")

        integration_ids = []
        _integration_ids = d.pop("integration_ids")
        for integration_ids_item_data in _integration_ids:
            integration_ids_item = UUID(integration_ids_item_data)

            integration_ids.append(integration_ids_item)

        starts_at = datetime.datetime.fromisoformat(d.pop("starts_at"))

        ends_at = datetime.datetime.fromisoformat(d.pop("ends_at"))

        def _parse_rrule(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        rrule = _parse_rrule(d.pop("rrule"))

        time_zone = d.pop("time_zone")

        in_effect = d.pop("in_effect")

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

        maintenance_window = cls(
            id=id,
            description=description,
            integration_ids=integration_ids,
            starts_at=starts_at,
            ends_at=ends_at,
            rrule=rrule,
            time_zone=time_zone,
            in_effect=in_effect,
            created_by=created_by,
            created_at=created_at,
            updated_at=updated_at,
        )

        return maintenance_window
