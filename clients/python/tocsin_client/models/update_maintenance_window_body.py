from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="UpdateMaintenanceWindowBody")


@_attrs_define
class UpdateMaintenanceWindowBody:
    """
    Attributes:
        description (str | Unset):
        integration_ids (list[UUID] | Unset): The integrations whose alerts the window mutes; empty or omitted: every
            integration of the organization, and then the window (each occurrence, when recurring) lasts at most 7 days
        starts_at (datetime.datetime | Unset): RFC 3339 date-time with offset
        ends_at (datetime.datetime | Unset): RFC 3339 date-time with offset
        rrule (None | str | Unset):
        time_zone (str | Unset): IANA zone, kept as given; the organization's `timezone` when omitted
    """

    description: str | Unset = UNSET
    integration_ids: list[UUID] | Unset = UNSET
    starts_at: datetime.datetime | Unset = UNSET
    ends_at: datetime.datetime | Unset = UNSET
    rrule: None | str | Unset = UNSET
    time_zone: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        description = self.description

        integration_ids: list[str] | Unset = UNSET
        if not isinstance(self.integration_ids, Unset):
            integration_ids = []
            for integration_ids_item_data in self.integration_ids:
                integration_ids_item = str(integration_ids_item_data)
                integration_ids.append(integration_ids_item)

        starts_at: str | Unset = UNSET
        if not isinstance(self.starts_at, Unset):
            starts_at = self.starts_at.isoformat()

        ends_at: str | Unset = UNSET
        if not isinstance(self.ends_at, Unset):
            ends_at = self.ends_at.isoformat()

        rrule: None | str | Unset
        if isinstance(self.rrule, Unset):
            rrule = UNSET
        else:
            rrule = self.rrule

        time_zone = self.time_zone

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if description is not UNSET:
            field_dict["description"] = description
        if integration_ids is not UNSET:
            field_dict["integration_ids"] = integration_ids
        if starts_at is not UNSET:
            field_dict["starts_at"] = starts_at
        if ends_at is not UNSET:
            field_dict["ends_at"] = ends_at
        if rrule is not UNSET:
            field_dict["rrule"] = rrule
        if time_zone is not UNSET:
            field_dict["time_zone"] = time_zone

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        description = d.pop("description", UNSET)

        _integration_ids = d.pop("integration_ids", UNSET)
        integration_ids: list[UUID] | Unset = UNSET
        if _integration_ids is not UNSET:
            integration_ids = []
            for integration_ids_item_data in _integration_ids:
                integration_ids_item = UUID(integration_ids_item_data)

                integration_ids.append(integration_ids_item)

        _starts_at = d.pop("starts_at", UNSET)
        starts_at: datetime.datetime | Unset
        if isinstance(_starts_at, Unset):
            starts_at = UNSET
        else:
            starts_at = datetime.datetime.fromisoformat(_starts_at)

        _ends_at = d.pop("ends_at", UNSET)
        ends_at: datetime.datetime | Unset
        if isinstance(_ends_at, Unset):
            ends_at = UNSET
        else:
            ends_at = datetime.datetime.fromisoformat(_ends_at)

        def _parse_rrule(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        rrule = _parse_rrule(d.pop("rrule", UNSET))

        time_zone = d.pop("time_zone", UNSET)

        update_maintenance_window_body = cls(
            description=description,
            integration_ids=integration_ids,
            starts_at=starts_at,
            ends_at=ends_at,
            rrule=rrule,
            time_zone=time_zone,
        )

        return update_maintenance_window_body
