from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.logout_all_response_200_meta import LogoutAllResponse200Meta
    from ..models.message import Message


T = TypeVar("T", bound="LogoutAllResponse200")


@_attrs_define
class LogoutAllResponse200:
    """
    Attributes:
        data (Message):
        meta (LogoutAllResponse200Meta):
    """

    data: Message
    meta: LogoutAllResponse200Meta

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
        from ..models.logout_all_response_200_meta import LogoutAllResponse200Meta  # noqa: PLC0415
        from ..models.message import Message  # noqa: PLC0415

        d = dict(src_dict)
        data = Message.from_dict(d.pop("data"))

        meta = LogoutAllResponse200Meta.from_dict(d.pop("meta"))

        logout_all_response_200 = cls(
            data=data,
            meta=meta,
        )

        return logout_all_response_200
