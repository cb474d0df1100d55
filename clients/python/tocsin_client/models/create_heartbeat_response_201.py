from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.create_heartbeat_response_201_meta import CreateHeartbeatResponse201Meta
    from ..models.heartbeat_with_token import HeartbeatWithToken


T = TypeVar("T", bound="CreateHeartbeatResponse201")


@_attrs_define
class CreateHeartbeatResponse201:
    """
    Attributes:
        data (HeartbeatWithToken):
        meta (CreateHeartbeatResponse201Meta):
    """

    data: HeartbeatWithToken
    meta: CreateHeartbeatResponse201Meta

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
        from ..models.create_heartbeat_response_201_meta import CreateHeartbeatResponse201Meta  # noqa: PLC0415
        from ..models.heartbeat_with_token import HeartbeatWithToken  # noqa: PLC0415

        d = dict(src_dict)
        data = HeartbeatWithToken.from_dict(d.pop("data"))

        meta = CreateHeartbeatResponse201Meta.from_dict(d.pop("meta"))

        create_heartbeat_response_201 = cls(
            data=data,
            meta=meta,
        )

        return create_heartbeat_response_201
