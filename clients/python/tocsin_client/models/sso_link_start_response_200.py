from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.sso_link_start_response_200_data import SsoLinkStartResponse200Data
    from ..models.sso_link_start_response_200_meta import SsoLinkStartResponse200Meta


T = TypeVar("T", bound="SsoLinkStartResponse200")


@_attrs_define
class SsoLinkStartResponse200:
    """
    Attributes:
        data (SsoLinkStartResponse200Data):
        meta (SsoLinkStartResponse200Meta):
    """

    data: SsoLinkStartResponse200Data
    meta: SsoLinkStartResponse200Meta

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
        from ..models.sso_link_start_response_200_data import SsoLinkStartResponse200Data  # noqa: PLC0415
        from ..models.sso_link_start_response_200_meta import SsoLinkStartResponse200Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = SsoLinkStartResponse200Data.from_dict(d.pop("data"))

        meta = SsoLinkStartResponse200Meta.from_dict(d.pop("meta"))

        sso_link_start_response_200 = cls(
            data=data,
            meta=meta,
        )

        return sso_link_start_response_200
