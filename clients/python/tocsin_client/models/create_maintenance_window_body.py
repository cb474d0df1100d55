from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateMaintenanceWindowBody")


@_attrs_define
class CreateMaintenanceWindowBody:
    """
    Attributes:
        description (str):
        starts_at (datetime.datetime): Start of the (first) occurrence
        ends_at (datetime.datetime): End of the (first) occurrence, exclusive
        integration_ids (list[UUID] | Unset): The integrations whose alerts the window mutes; empty or omitted: every
            integration of the organization, and then the window (each occurrence, when recurring) lasts at most 7 days
        rrule (None | str | Unset):
        time_zone (str | Unset): IANA zone, kept as given; the organization's `timezone` when omitted
    """

    description: str
    starts_at: datetime.datetime
    ends_at: datetime.datetime
    integration_ids: list[UUID] | Unset = UNSET
    rrule: None | str | Unset = UNSET
    time_zone: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        description = self.description

        starts_at = self.starts_at.isoformat()

        ends_at = self.ends_at.isoformat()

        integration_ids: list[str] | Unset = UNSET
        if not isinstance(self.integration_ids, Unset):
            integration_ids = []
            for integration_ids_item_data in self.integration_ids:
                integration_ids_item = str(integration_ids_item_data)
                integration_ids.append(integration_ids_item)

        rrule: None | str | Unset
        if isinstance(self.rrule, Unset):
            rrule = UNSET
        else:
            rrule = self.rrule

        time_zone = self.time_zone

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "description": description,
                "starts_at": starts_at,
                "ends_at": ends_at,
            }
        )
        if integration_ids is not UNSET:
            field_dict["integration_ids"] = integration_ids
        if rrule is not UNSET:
            field_dict["rrule"] = rrule
        if time_zone is not UNSET:
            field_dict["time_zone"] = time_zone

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        description = d.pop("description")

        starts_at = datetime.datetime.fromisoformat(d.pop("starts_at"))

        ends_at = datetime.datetime.fromisoformat(d.pop("ends_at"))

        _integration_ids = d.pop("integration_ids", UNSET)
        integration_ids: list[UUID] | Unset = UNSET
        if _integration_ids is not UNSET:
            integration_ids = []
            for integration_ids_item_data in _integration_ids:
                integration_ids_item = UUID(integration_ids_item_data)

                integration_ids.append(integration_ids_item)

        def _parse_rrule(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        rrule = _parse_rrule(d.pop("rrule", UNSET))

        time_zone = d.pop("time_zone", UNSET)

        create_maintenance_window_body = cls(
            description=description,
            starts_at=starts_at,
            ends_at=ends_at,
            integration_ids=integration_ids,
            rrule=rrule,
            time_zone=time_zone,
        )

        return create_maintenance_window_body
