from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.contact_method import ContactMethod
    from ..models.get_my_contact_method_response_200_meta import GetMyContactMethodResponse200Meta


T = TypeVar("T", bound="GetMyContactMethodResponse200")


@_attrs_define
class GetMyContactMethodResponse200:
    """
    Attributes:
        data (ContactMethod):
        meta (GetMyContactMethodResponse200Meta):
    """

    data: ContactMethod
    meta: GetMyContactMethodResponse200Meta

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
        from ..models.get_my_contact_method_response_200_meta import GetMyContactMethodResponse200Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = ContactMethod.from_dict(d.pop("data"))

        meta = GetMyContactMethodResponse200Meta.from_dict(d.pop("meta"))

        get_my_contact_method_response_200 = cls(
            data=data,
            meta=meta,
        )

        return get_my_contact_method_response_200
