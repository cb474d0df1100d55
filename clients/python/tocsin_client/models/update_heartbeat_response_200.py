from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.heartbeat import Heartbeat
    from ..models.update_heartbeat_response_200_meta import UpdateHeartbeatResponse200Meta


T = TypeVar("T", bound="UpdateHeartbeatResponse200")


@_attrs_define
class UpdateHeartbeatResponse200:
    """
    Attributes:
        data (Heartbeat):
        meta (UpdateHeartbeatResponse200Meta):
    """

    data: Heartbeat
    meta: UpdateHeartbeatResponse200Meta

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
        from ..models.heartbeat import Heartbeat  # noqa: PLC0415
        from ..models.update_heartbeat_response_200_meta import UpdateHeartbeatResponse200Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = Heartbeat.from_dict(d.pop("data"))

        meta = UpdateHeartbeatResponse200Meta.from_dict(d.pop("meta"))

        update_heartbeat_response_200 = cls(
            data=data,
            meta=meta,
        )

        return update_heartbeat_response_200
