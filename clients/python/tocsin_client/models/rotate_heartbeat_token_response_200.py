from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.heartbeat_with_token import HeartbeatWithToken
    from ..models.rotate_heartbeat_token_response_200_meta import RotateHeartbeatTokenResponse200Meta


T = TypeVar("T", bound="RotateHeartbeatTokenResponse200")


@_attrs_define
class RotateHeartbeatTokenResponse200:
    """
    Attributes:
        data (HeartbeatWithToken):
        meta (RotateHeartbeatTokenResponse200Meta):
    """

    data: HeartbeatWithToken
    meta: RotateHeartbeatTokenResponse200Meta

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
        from ..models.heartbeat_with_token import HeartbeatWithToken  # noqa: PLC0415
        from ..models.rotate_heartbeat_token_response_200_meta import RotateHeartbeatTokenResponse200Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = HeartbeatWithToken.from_dict(d.pop("data"))

        meta = RotateHeartbeatTokenResponse200Meta.from_dict(d.pop("meta"))

        rotate_heartbeat_token_response_200 = cls(
            data=data,
            meta=meta,
        )

        return rotate_heartbeat_token_response_200
