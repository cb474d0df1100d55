from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.get_organization_response_200_meta import GetOrganizationResponse200Meta
    from ..models.organization import Organization


T = TypeVar("T", bound="GetOrganizationResponse200")


@_attrs_define
class GetOrganizationResponse200:
    """
    Attributes:
        data (Organization):
        meta (GetOrganizationResponse200Meta):
    """

    data: Organization
    meta: GetOrganizationResponse200Meta

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
        from ..models.get_organization_response_200_meta import GetOrganizationResponse200Meta  # noqa: PLC0415
        from ..models.organization import Organization  # noqa: PLC0415

        d = dict(src_dict)
        data = Organization.from_dict(d.pop("data"))

        meta = GetOrganizationResponse200Meta.from_dict(d.pop("meta"))

        get_organization_response_200 = cls(
            data=data,
            meta=meta,
        )

        return get_organization_response_200
