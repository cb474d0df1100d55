from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.channel_identity import ChannelIdentity
    from ..models.link_channel_identity_response_200_meta import LinkChannelIdentityResponse200Meta


T = TypeVar("T", bound="LinkChannelIdentityResponse200")


@_attrs_define
class LinkChannelIdentityResponse200:
    """
    Attributes:
        data (ChannelIdentity):
        meta (LinkChannelIdentityResponse200Meta):
    """

    data: ChannelIdentity
    meta: LinkChannelIdentityResponse200Meta

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
        from ..models.channel_identity import ChannelIdentity  # noqa: PLC0415
        from ..models.link_channel_identity_response_200_meta import LinkChannelIdentityResponse200Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = ChannelIdentity.from_dict(d.pop("data"))

        meta = LinkChannelIdentityResponse200Meta.from_dict(d.pop("meta"))

        link_channel_identity_response_200 = cls(
            data=data,
            meta=meta,
        )

        return link_channel_identity_response_200
