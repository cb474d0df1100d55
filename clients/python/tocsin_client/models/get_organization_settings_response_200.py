from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.get_organization_settings_response_200_meta import GetOrganizationSettingsResponse200Meta
    from ..models.organization_settings import OrganizationSettings


T = TypeVar("T", bound="GetOrganizationSettingsResponse200")


@_attrs_define
class GetOrganizationSettingsResponse200:
    """
    Attributes:
        data (OrganizationSettings):
        meta (GetOrganizationSettingsResponse200Meta):
    """

    data: OrganizationSettings
    meta: GetOrganizationSettingsResponse200Meta

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
        from ..models.get_organization_settings_response_200_meta import GetOrganizationSettingsResponse200Meta  # noqa: PLC0415
        from ..models.organization_settings import OrganizationSettings  # noqa: PLC0415

        d = dict(src_dict)
        data = OrganizationSettings.from_dict(d.pop("data"))

        meta = GetOrganizationSettingsResponse200Meta.from_dict(d.pop("meta"))

        get_organization_settings_response_200 = cls(
            data=data,
            meta=meta,
        )

        return get_organization_settings_response_200
