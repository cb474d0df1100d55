from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.organization import Organization
    from ..models.update_organization_response_200_meta import UpdateOrganizationResponse200Meta


T = TypeVar("T", bound="UpdateOrganizationResponse200")


@_attrs_define
class UpdateOrganizationResponse200:
    """
    Attributes:
        data (Organization):
        meta (UpdateOrganizationResponse200Meta):
    """

    data: Organization
    meta: UpdateOrganizationResponse200Meta

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
        from ..models.organization import Organization  # noqa: PLC0415
        from ..models.update_organization_response_200_meta import UpdateOrganizationResponse200Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = Organization.from_dict(d.pop("data"))

        meta = UpdateOrganizationResponse200Meta.from_dict(d.pop("meta"))

        update_organization_response_200 = cls(
            data=data,
            meta=meta,
        )

        return update_organization_response_200
