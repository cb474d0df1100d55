from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.incident_role import IncidentRole
    from ..models.update_incident_role_response_200_meta import UpdateIncidentRoleResponse200Meta


T = TypeVar("T", bound="UpdateIncidentRoleResponse200")


@_attrs_define
class UpdateIncidentRoleResponse200:
    """
    Attributes:
        data (IncidentRole):
        meta (UpdateIncidentRoleResponse200Meta):
    """

    data: IncidentRole
    meta: UpdateIncidentRoleResponse200Meta

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
        from ..models.incident_role import IncidentRole  # noqa: PLC0415
        from ..models.update_incident_role_response_200_meta import UpdateIncidentRoleResponse200Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = IncidentRole.from_dict(d.pop("data"))

        meta = UpdateIncidentRoleResponse200Meta.from_dict(d.pop("meta"))

        update_incident_role_response_200 = cls(
            data=data,
            meta=meta,
        )

        return update_incident_role_response_200
