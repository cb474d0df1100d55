from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.status_update_kind import StatusUpdateKind
from ..models.status_update_visibility import StatusUpdateVisibility

T = TypeVar("T", bound="StatusUpdate")


@_attrs_define
class StatusUpdate:
    """
    Attributes:
        id (UUID):
        incident_id (UUID):
        kind (StatusUpdateKind): Where the incident stands: investigating, identified, monitoring or resolved
        title (None | str):
        body (str):
        visibility (StatusUpdateVisibility): `internal`: the timeline, the chat feed and members subscribed to the
            incident. `public`: also the status page, its Atom feed and every subscriber (outside addresses too)
        author_id (None | UUID):
        created_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    id: UUID
    incident_id: UUID
    kind: StatusUpdateKind
    title: None | str
    body: str
    visibility: StatusUpdateVisibility
    author_id: None | UUID
    created_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        incident_id = str(self.incident_id)

        kind = self.kind.value

        title: None | str
        title = self.title

        body = self.body

        visibility = self.visibility.value

        author_id: None | str
        if isinstance(self.author_id, UUID):
            author_id = str(self.author_id)
        else:
            author_id = self.author_id

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "incident_id": incident_id,
                "kind": kind,
                "title": title,
                "body": body,
                "visibility": visibility,
                "author_id": author_id,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        incident_id = UUID(d.pop("incident_id"))

        kind = StatusUpdateKind(d.pop("kind"))

        def _parse_title(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        title = _parse_title(d.pop("title"))

        body = d.pop("body")

        visibility = StatusUpdateVisibility(d.pop("visibility"))

        def _parse_author_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                author_id_type_0 = UUID(data)

                return author_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        author_id = _parse_author_id(d.pop("author_id"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        status_update = cls(
            id=id,
            incident_id=incident_id,
            kind=kind,
            title=title,
            body=body,
            visibility=visibility,
            author_id=author_id,
            created_at=created_at,
        )

        return status_update
