from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.maintenance_window import MaintenanceWindow
    from ..models.update_maintenance_window_response_200_meta import UpdateMaintenanceWindowResponse200Meta


T = TypeVar("T", bound="UpdateMaintenanceWindowResponse200")


@_attrs_define
class UpdateMaintenanceWindowResponse200:
    """
    Attributes:
        data (MaintenanceWindow):
        meta (UpdateMaintenanceWindowResponse200Meta):
    """

    data: MaintenanceWindow
    meta: UpdateMaintenanceWindowResponse200Meta

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
        from ..models.maintenance_window import MaintenanceWindow  # noqa: PLC0415
        from ..models.update_maintenance_window_response_200_meta import UpdateMaintenanceWindowResponse200Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = MaintenanceWindow.from_dict(d.pop("data"))

        meta = UpdateMaintenanceWindowResponse200Meta.from_dict(d.pop("meta"))

        update_maintenance_window_response_200 = cls(
            data=data,
            meta=meta,
        )

        return update_maintenance_window_response_200
