from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.get_status_page_settings_response_200_meta import GetStatusPageSettingsResponse200Meta
    from ..models.status_page_settings import StatusPageSettings


T = TypeVar("T", bound="GetStatusPageSettingsResponse200")


@_attrs_define
class GetStatusPageSettingsResponse200:
    """
    Attributes:
        data (StatusPageSettings):
        meta (GetStatusPageSettingsResponse200Meta):
    """

    data: StatusPageSettings
    meta: GetStatusPageSettingsResponse200Meta

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
        from ..models.get_status_page_settings_response_200_meta import GetStatusPageSettingsResponse200Meta  # noqa: PLC0415
        from ..models.status_page_settings import StatusPageSettings  # noqa: PLC0415

        d = dict(src_dict)
        data = StatusPageSettings.from_dict(d.pop("data"))

        meta = GetStatusPageSettingsResponse200Meta.from_dict(d.pop("meta"))

        get_status_page_settings_response_200 = cls(
            data=data,
            meta=meta,
        )

        return get_status_page_settings_response_200
