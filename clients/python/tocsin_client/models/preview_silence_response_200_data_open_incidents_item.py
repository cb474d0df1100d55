from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="PreviewSilenceResponse200DataOpenIncidentsItem")


@_attrs_define
class PreviewSilenceResponse200DataOpenIncidentsItem:
    """
    Attributes:
        id (UUID):
        title (str):
        status (str):
        severity (str):
        source (str):
        integration_id (None | UUID):
        fingerprint (None | str):
        created_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    id: UUID
    title: str
    status: str
    severity: str
    source: str
    integration_id: None | UUID
    fingerprint: None | str
    created_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        title = self.title

        status = self.status

        severity = self.severity

        source = self.source

        integration_id: None | str
        if isinstance(self.integration_id, UUID):
            integration_id = str(self.integration_id)
        else:
            integration_id = self.integration_id

        fingerprint: None | str
        fingerprint = self.fingerprint

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "title": title,
                "status": status,
                "severity": severity,
                "source": source,
                "integration_id": integration_id,
                "fingerprint": fingerprint,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        title = d.pop("title")

        status = d.pop("status")

        severity = d.pop("severity")

        source = d.pop("source")

        def _parse_integration_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                integration_id_type_0 = UUID(data)

                return integration_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        integration_id = _parse_integration_id(d.pop("integration_id"))

        def _parse_fingerprint(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        fingerprint = _parse_fingerprint(d.pop("fingerprint"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        preview_silence_response_200_data_open_incidents_item = cls(
            id=id,
            title=title,
            status=status,
            severity=severity,
            source=source,
            integration_id=integration_id,
            fingerprint=fingerprint,
            created_at=created_at,
        )

        return preview_silence_response_200_data_open_incidents_item
