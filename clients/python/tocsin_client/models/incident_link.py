from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.incident_link_direction import IncidentLinkDirection
from ..models.incident_link_kind import IncidentLinkKind

if TYPE_CHECKING:
    from ..models.incident_link_incident import IncidentLinkIncident


T = TypeVar("T", bound="IncidentLink")


@_attrs_define
class IncidentLink:
    """
    Attributes:
        id (UUID):
        kind (IncidentLinkKind): As made from the incident that created the link: this incident is `related` to,
            `caused_by` or a `duplicate_of` the other
        direction (IncidentLinkDirection): `outgoing`: the link was made from this incident (it is caused by / a
            duplicate of the other); `incoming`: from the other side
        incident (IncidentLinkIncident): The other incident of the link
        created_by (None | UUID):
        created_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    id: UUID
    kind: IncidentLinkKind
    direction: IncidentLinkDirection
    incident: IncidentLinkIncident
    created_by: None | UUID
    created_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        kind = self.kind.value

        direction = self.direction.value

        incident = self.incident.to_dict()

        created_by: None | str
        if isinstance(self.created_by, UUID):
            created_by = str(self.created_by)
        else:
            created_by = self.created_by

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "kind": kind,
                "direction": direction,
                "incident": incident,
                "created_by": created_by,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.incident_link_incident import IncidentLinkIncident  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        kind = IncidentLinkKind(d.pop("kind"))

        direction = IncidentLinkDirection(d.pop("direction"))

        incident = IncidentLinkIncident.from_dict(d.pop("incident"))

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

        incident_link = cls(
            id=id,
            kind=kind,
            direction=direction,
            incident=incident,
            created_by=created_by,
            created_at=created_at,
        )

        return incident_link
