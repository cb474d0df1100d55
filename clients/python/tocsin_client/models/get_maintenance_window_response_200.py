from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.get_maintenance_window_response_200_meta import GetMaintenanceWindowResponse200Meta
    from ..models.maintenance_window import MaintenanceWindow


T = TypeVar("T", bound="GetMaintenanceWindowResponse200")


@_attrs_define
class GetMaintenanceWindowResponse200:
    """
    Attributes:
        data (MaintenanceWindow):
        meta (GetMaintenanceWindowResponse200Meta):
    """

    data: MaintenanceWindow
    meta: GetMaintenanceWindowResponse200Meta

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
        from ..models.get_maintenance_window_response_200_meta import GetMaintenanceWindowResponse200Meta  # noqa: PLC0415
        from ..models.maintenance_window import MaintenanceWindow  # noqa: PLC0415

        d = dict(src_dict)
        data = MaintenanceWindow.from_dict(d.pop("data"))

        meta = GetMaintenanceWindowResponse200Meta.from_dict(d.pop("meta"))

        get_maintenance_window_response_200 = cls(
            data=data,
            meta=meta,
        )

        return get_maintenance_window_response_200
