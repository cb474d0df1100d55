from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.register_response_201_data import RegisterResponse201Data
    from ..models.register_response_201_meta import RegisterResponse201Meta


T = TypeVar("T", bound="RegisterResponse201")


@_attrs_define
class RegisterResponse201:
    """
    Attributes:
        data (RegisterResponse201Data):
        meta (RegisterResponse201Meta):
    """

    data: RegisterResponse201Data
    meta: RegisterResponse201Meta

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
        from ..models.register_response_201_data import RegisterResponse201Data  # noqa: PLC0415
        from ..models.register_response_201_meta import RegisterResponse201Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = RegisterResponse201Data.from_dict(d.pop("data"))

        meta = RegisterResponse201Meta.from_dict(d.pop("meta"))

        register_response_201 = cls(
            data=data,
            meta=meta,
        )

        return register_response_201
