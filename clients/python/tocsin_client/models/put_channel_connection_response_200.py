from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.channel_connection import ChannelConnection
    from ..models.put_channel_connection_response_200_meta import PutChannelConnectionResponse200Meta


T = TypeVar("T", bound="PutChannelConnectionResponse200")


@_attrs_define
class PutChannelConnectionResponse200:
    """
    Attributes:
        data (ChannelConnection):
        meta (PutChannelConnectionResponse200Meta):
    """

    data: ChannelConnection
    meta: PutChannelConnectionResponse200Meta

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
        from ..models.channel_connection import ChannelConnection  # noqa: PLC0415
        from ..models.put_channel_connection_response_200_meta import PutChannelConnectionResponse200Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = ChannelConnection.from_dict(d.pop("data"))

        meta = PutChannelConnectionResponse200Meta.from_dict(d.pop("meta"))

        put_channel_connection_response_200 = cls(
            data=data,
            meta=meta,
        )

        return put_channel_connection_response_200
