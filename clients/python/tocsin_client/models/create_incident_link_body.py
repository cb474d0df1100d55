from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.create_incident_link_body_kind import CreateIncidentLinkBodyKind
from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateIncidentLinkBody")


@_attrs_define
class CreateIncidentLinkBody:
    """
    Attributes:
        incident_id (UUID): The other incident, of this organization
        kind (CreateIncidentLinkBodyKind | Unset):  Default: CreateIncidentLinkBodyKind.RELATED.
    """

    incident_id: UUID
    kind: CreateIncidentLinkBodyKind | Unset = CreateIncidentLinkBodyKind.RELATED

    def to_dict(self) -> dict[str, Any]:
        incident_id = str(self.incident_id)

        kind: str | Unset = UNSET
        if not isinstance(self.kind, Unset):
            kind = self.kind.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "incident_id": incident_id,
            }
        )
        if kind is not UNSET:
            field_dict["kind"] = kind

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        incident_id = UUID(d.pop("incident_id"))

        _kind = d.pop("kind", UNSET)
        kind: CreateIncidentLinkBodyKind | Unset
        if isinstance(_kind, Unset):
            kind = UNSET
        else:
            kind = CreateIncidentLinkBodyKind(_kind)

        create_incident_link_body = cls(
            incident_id=incident_id,
            kind=kind,
        )

        return create_incident_link_body
