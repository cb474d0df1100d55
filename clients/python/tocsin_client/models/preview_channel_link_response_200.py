from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.channel_link_preview import ChannelLinkPreview
    from ..models.preview_channel_link_response_200_meta import PreviewChannelLinkResponse200Meta


T = TypeVar("T", bound="PreviewChannelLinkResponse200")


@_attrs_define
class PreviewChannelLinkResponse200:
    """
    Attributes:
        data (ChannelLinkPreview):
        meta (PreviewChannelLinkResponse200Meta):
    """

    data: ChannelLinkPreview
    meta: PreviewChannelLinkResponse200Meta

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
        from ..models.channel_link_preview import ChannelLinkPreview  # noqa: PLC0415
        from ..models.preview_channel_link_response_200_meta import PreviewChannelLinkResponse200Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = ChannelLinkPreview.from_dict(d.pop("data"))

        meta = PreviewChannelLinkResponse200Meta.from_dict(d.pop("meta"))

        preview_channel_link_response_200 = cls(
            data=data,
            meta=meta,
        )

        return preview_channel_link_response_200
