from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.contact_method import ContactMethod
    from ..models.verify_my_contact_method_code_response_200_meta import VerifyMyContactMethodCodeResponse200Meta


T = TypeVar("T", bound="VerifyMyContactMethodCodeResponse200")


@_attrs_define
class VerifyMyContactMethodCodeResponse200:
    """
    Attributes:
        data (ContactMethod):
        meta (VerifyMyContactMethodCodeResponse200Meta):
    """

    data: ContactMethod
    meta: VerifyMyContactMethodCodeResponse200Meta

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
        from ..models.verify_my_contact_method_code_response_200_meta import VerifyMyContactMethodCodeResponse200Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = ContactMethod.from_dict(d.pop("data"))

        meta = VerifyMyContactMethodCodeResponse200Meta.from_dict(d.pop("meta"))

        verify_my_contact_method_code_response_200 = cls(
            data=data,
            meta=meta,
        )

        return verify_my_contact_method_code_response_200
