from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.get_heartbeat_response_200_meta import GetHeartbeatResponse200Meta
    from ..models.heartbeat import Heartbeat


T = TypeVar("T", bound="GetHeartbeatResponse200")


@_attrs_define
class GetHeartbeatResponse200:
    """
    Attributes:
        data (Heartbeat):
        meta (GetHeartbeatResponse200Meta):
    """

    data: Heartbeat
    meta: GetHeartbeatResponse200Meta

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
        from ..models.get_heartbeat_response_200_meta import GetHeartbeatResponse200Meta  # noqa: PLC0415
        from ..models.heartbeat import Heartbeat  # noqa: PLC0415

        d = dict(src_dict)
        data = Heartbeat.from_dict(d.pop("data"))

        meta = GetHeartbeatResponse200Meta.from_dict(d.pop("meta"))

        get_heartbeat_response_200 = cls(
            data=data,
            meta=meta,
        )

        return get_heartbeat_response_200
