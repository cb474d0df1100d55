from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.contact_method import ContactMethod
    from ..models.create_my_contact_method_response_201_meta import CreateMyContactMethodResponse201Meta


T = TypeVar("T", bound="CreateMyContactMethodResponse201")


@_attrs_define
class CreateMyContactMethodResponse201:
    """
    Attributes:
        data (ContactMethod):
        meta (CreateMyContactMethodResponse201Meta):
    """

    data: ContactMethod
    meta: CreateMyContactMethodResponse201Meta

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
        from ..models.create_my_contact_method_response_201_meta import CreateMyContactMethodResponse201Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = ContactMethod.from_dict(d.pop("data"))

        meta = CreateMyContactMethodResponse201Meta.from_dict(d.pop("meta"))

        create_my_contact_method_response_201 = cls(
            data=data,
            meta=meta,
        )

        return create_my_contact_method_response_201
