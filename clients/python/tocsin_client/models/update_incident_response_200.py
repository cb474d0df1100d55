from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.incident import Incident
    from ..models.update_incident_response_200_meta import UpdateIncidentResponse200Meta


T = TypeVar("T", bound="UpdateIncidentResponse200")


@_attrs_define
class UpdateIncidentResponse200:
    """
    Attributes:
        data (Incident):
        meta (UpdateIncidentResponse200Meta):
    """

    data: Incident
    meta: UpdateIncidentResponse200Meta

    def to_dict(self) -> dict[str, Any]:
        data = self.data.to_dict()

        meta = self.meta.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "data": data,
                "meta": meta,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.incident import Incident  # noqa: PLC0415
        from ..models.update_incident_response_200_meta import UpdateIncidentResponse200Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = Incident.from_dict(d.pop("data"))

        meta = UpdateIncidentResponse200Meta.from_dict(d.pop("meta"))

        update_incident_response_200 = cls(
            data=data,
            meta=meta,
        )

        return update_incident_response_200
