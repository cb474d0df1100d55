from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.put_status_page_settings_response_200_meta import PutStatusPageSettingsResponse200Meta
    from ..models.status_page_settings import StatusPageSettings


T = TypeVar("T", bound="PutStatusPageSettingsResponse200")


@_attrs_define
class PutStatusPageSettingsResponse200:
    """
    Attributes:
        data (StatusPageSettings):
        meta (PutStatusPageSettingsResponse200Meta):
    """

    data: StatusPageSettings
    meta: PutStatusPageSettingsResponse200Meta

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
        from ..models.put_status_page_settings_response_200_meta import PutStatusPageSettingsResponse200Meta  # noqa: PLC0415
        from ..models.status_page_settings import StatusPageSettings  # noqa: PLC0415

        d = dict(src_dict)
        data = StatusPageSettings.from_dict(d.pop("data"))

        meta = PutStatusPageSettingsResponse200Meta.from_dict(d.pop("meta"))

        put_status_page_settings_response_200 = cls(
            data=data,
            meta=meta,
        )

        return put_status_page_settings_response_200
