from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.assign_incident_role_response_200_meta import AssignIncidentRoleResponse200Meta
    from ..models.assign_incident_role_result import AssignIncidentRoleResult


T = TypeVar("T", bound="AssignIncidentRoleResponse200")


@_attrs_define
class AssignIncidentRoleResponse200:
    """
    Attributes:
        data (AssignIncidentRoleResult):
        meta (AssignIncidentRoleResponse200Meta):
    """

    data: AssignIncidentRoleResult
    meta: AssignIncidentRoleResponse200Meta

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
        from ..models.assign_incident_role_response_200_meta import AssignIncidentRoleResponse200Meta  # noqa: PLC0415
        from ..models.assign_incident_role_result import AssignIncidentRoleResult  # noqa: PLC0415

        d = dict(src_dict)
        data = AssignIncidentRoleResult.from_dict(d.pop("data"))

        meta = AssignIncidentRoleResponse200Meta.from_dict(d.pop("meta"))

        assign_incident_role_response_200 = cls(
            data=data,
            meta=meta,
        )

        return assign_incident_role_response_200
