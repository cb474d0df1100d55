from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.incident_merge_source_status import IncidentMergeSourceStatus

T = TypeVar("T", bound="IncidentMerge")


@_attrs_define
class IncidentMerge:
    """
    Attributes:
        id (UUID):
        target_incident_id (UUID): The incident the source was merged into
        target_title (str):
        source_incident_id (UUID): The incident merged (resolved by the merge, `merged_into` set)
        source_title (str):
        source_status (IncidentMergeSourceStatus): The source’s status before the merge: what unmerging gives it back
        alert_count (int): How many alerts moved from the source to the target
        merged_by (None | UUID):
        merged_at (datetime.datetime): ISO 8601 UTC timestamp
        unmerged_by (None | UUID):
        unmerged_at (datetime.datetime | None): When it was undone; null while it holds
        unmerge_until (datetime.datetime | None): Until when it may be undone; null once undone
    """

    id: UUID
    target_incident_id: UUID
    target_title: str
    source_incident_id: UUID
    source_title: str
    source_status: IncidentMergeSourceStatus
    alert_count: int
    merged_by: None | UUID
    merged_at: datetime.datetime
    unmerged_by: None | UUID
    unmerged_at: datetime.datetime | None
    unmerge_until: datetime.datetime | None

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        target_incident_id = str(self.target_incident_id)

        target_title = self.target_title

        source_incident_id = str(self.source_incident_id)

        source_title = self.source_title

        source_status = self.source_status.value

        alert_count = self.alert_count

        merged_by: None | str
        if isinstance(self.merged_by, UUID):
            merged_by = str(self.merged_by)
        else:
            merged_by = self.merged_by

        merged_at = self.merged_at.isoformat()

        unmerged_by: None | str
        if isinstance(self.unmerged_by, UUID):
            unmerged_by = str(self.unmerged_by)
        else:
            unmerged_by = self.unmerged_by

        unmerged_at: None | str
        if isinstance(self.unmerged_at, datetime.datetime):
            unmerged_at = self.unmerged_at.isoformat()
        else:
            unmerged_at = self.unmerged_at

        unmerge_until: None | str
        if isinstance(self.unmerge_until, datetime.datetime):
            unmerge_until = self.unmerge_until.isoformat()
        else:
            unmerge_until = self.unmerge_until

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "target_incident_id": target_incident_id,
                "target_title": target_title,
                "source_incident_id": source_incident_id,
                "source_title": source_title,
                "source_status": source_status,
                "alert_count": alert_count,
                "merged_by": merged_by,
                "merged_at": merged_at,
                "unmerged_by": unmerged_by,
                "unmerged_at": unmerged_at,
                "unmerge_until": unmerge_until,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        target_incident_id = UUID(d.pop("target_incident_id"))

        target_title = d.pop("target_title")

        source_incident_id = UUID(d.pop("source_incident_id"))

        source_title = d.pop("source_title")

        source_status = IncidentMergeSourceStatus(d.pop("source_status"))

        alert_count = d.pop("alert_count")

        def _parse_merged_by(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                merged_by_type_0 = UUID(data)

                return merged_by_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        merged_by = _parse_merged_by(d.pop("merged_by"))

        merged_at = datetime.datetime.fromisoformat(d.pop("merged_at"))

        def _parse_unmerged_by(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                unmerged_by_type_0 = UUID(data)

                return unmerged_by_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        unmerged_by = _parse_unmerged_by(d.pop("unmerged_by"))

        def _parse_unmerged_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                unmerged_at_type_0 = datetime.datetime.fromisoformat(data)

                return unmerged_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        unmerged_at = _parse_unmerged_at(d.pop("unmerged_at"))

        def _parse_unmerge_until(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                unmerge_until_type_0 = datetime.datetime.fromisoformat(data)

                return unmerge_until_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        unmerge_until = _parse_unmerge_until(d.pop("unmerge_until"))

        incident_merge = cls(
            id=id,
            target_incident_id=target_incident_id,
            target_title=target_title,
            source_incident_id=source_incident_id,
            source_title=source_title,
            source_status=source_status,
            alert_count=alert_count,
            merged_by=merged_by,
            merged_at=merged_at,
            unmerged_by=unmerged_by,
            unmerged_at=unmerged_at,
            unmerge_until=unmerge_until,
        )

        return incident_merge
