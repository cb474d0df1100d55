from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.contact_method import ContactMethod
    from ..models.resend_my_contact_method_verification_response_200_meta import (
        ResendMyContactMethodVerificationResponse200Meta,
    )


T = TypeVar("T", bound="ResendMyContactMethodVerificationResponse200")


@_attrs_define
class ResendMyContactMethodVerificationResponse200:
    """
    Attributes:
        data (ContactMethod):
        meta (ResendMyContactMethodVerificationResponse200Meta):
    """

    data: ContactMethod
    meta: ResendMyContactMethodVerificationResponse200Meta

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
        from ..models.contact_method import ContactMethod  # noqa: PLC0415
        from ..models.resend_my_contact_method_verification_response_200_meta import (
            ResendMyContactMethodVerificationResponse200Meta,  # noqa: PLC0415
        )

        d = dict(src_dict)
        data = ContactMethod.from_dict(d.pop("data"))

        meta = ResendMyContactMethodVerificationResponse200Meta.from_dict(d.pop("meta"))

        resend_my_contact_method_verification_response_200 = cls(
            data=data,
            meta=meta,
        )

        return resend_my_contact_method_verification_response_200
