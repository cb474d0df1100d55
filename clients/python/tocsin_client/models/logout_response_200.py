from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.logout_response_200_meta import LogoutResponse200Meta
    from ..models.message import Message


T = TypeVar("T", bound="LogoutResponse200")


@_attrs_define
class LogoutResponse200:
    """
    Attributes:
        data (Message):
        meta (LogoutResponse200Meta):
    """

    data: Message
    meta: LogoutResponse200Meta

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
        from ..models.logout_response_200_meta import LogoutResponse200Meta  # noqa: PLC0415
        from ..models.message import Message  # noqa: PLC0415

        d = dict(src_dict)
        data = Message.from_dict(d.pop("data"))

        meta = LogoutResponse200Meta.from_dict(d.pop("meta"))

        logout_response_200 = cls(
            data=data,
            meta=meta,
        )

        return logout_response_200
