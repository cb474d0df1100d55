from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.get_user_response_200_meta import GetUserResponse200Meta
    from ..models.user import User


T = TypeVar("T", bound="GetUserResponse200")


@_attrs_define
class GetUserResponse200:
    """
    Attributes:
        data (User):
        meta (GetUserResponse200Meta):
    """

    data: User
    meta: GetUserResponse200Meta

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
        from ..models.get_user_response_200_meta import GetUserResponse200Meta  # noqa: PLC0415
        from ..models.user import User  # noqa: PLC0415

        d = dict(src_dict)
        data = User.from_dict(d.pop("data"))

        meta = GetUserResponse200Meta.from_dict(d.pop("meta"))

        get_user_response_200 = cls(
            data=data,
            meta=meta,
        )

        return get_user_response_200
