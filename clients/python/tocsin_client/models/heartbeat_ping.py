from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="HeartbeatPing")


@_attrs_define
class HeartbeatPing:
    """
    Attributes:
        pinged (bool): false when the body was an Alertmanager payload without a firing alert of the heartbeat's
            `alert_name` (nothing changed)
    """

    pinged: bool

    def to_dict(self) -> dict[str, Any]:
        pinged = self.pinged

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "pinged": pinged,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        pinged = d.pop("pinged")

        heartbeat_ping = cls(
            pinged=pinged,
        )

        return heartbeat_ping
