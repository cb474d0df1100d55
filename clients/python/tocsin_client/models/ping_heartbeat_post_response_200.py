from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.heartbeat_ping import HeartbeatPing
    from ..models.ping_heartbeat_post_response_200_meta import PingHeartbeatPostResponse200Meta


T = TypeVar("T", bound="PingHeartbeatPostResponse200")


@_attrs_define
class PingHeartbeatPostResponse200:
    """
    Attributes:
        data (HeartbeatPing):
        meta (PingHeartbeatPostResponse200Meta):
    """

    data: HeartbeatPing
    meta: PingHeartbeatPostResponse200Meta

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
        from ..models.heartbeat_ping import HeartbeatPing  # noqa: PLC0415
        from ..models.ping_heartbeat_post_response_200_meta import PingHeartbeatPostResponse200Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = HeartbeatPing.from_dict(d.pop("data"))

        meta = PingHeartbeatPostResponse200Meta.from_dict(d.pop("meta"))

        ping_heartbeat_post_response_200 = cls(
            data=data,
            meta=meta,
        )

        return ping_heartbeat_post_response_200
