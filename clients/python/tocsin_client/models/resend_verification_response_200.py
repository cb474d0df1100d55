from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.message import Message
    from ..models.resend_verification_response_200_meta import ResendVerificationResponse200Meta


T = TypeVar("T", bound="ResendVerificationResponse200")


@_attrs_define
class ResendVerificationResponse200:
    """
    Attributes:
        data (Message):
        meta (ResendVerificationResponse200Meta):
    """

    data: Message
    meta: ResendVerificationResponse200Meta

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
        from ..models.message import Message  # noqa: PLC0415
        from ..models.resend_verification_response_200_meta import ResendVerificationResponse200Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = Message.from_dict(d.pop("data"))

        meta = ResendVerificationResponse200Meta.from_dict(d.pop("meta"))

        resend_verification_response_200 = cls(
            data=data,
            meta=meta,
        )

        return resend_verification_response_200
