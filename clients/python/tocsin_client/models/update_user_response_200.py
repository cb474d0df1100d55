from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.update_user_response_200_meta import UpdateUserResponse200Meta
    from ..models.user import User


T = TypeVar("T", bound="UpdateUserResponse200")


@_attrs_define
class UpdateUserResponse200:
    """
    Attributes:
        data (User):
        meta (UpdateUserResponse200Meta):
    """

    data: User
    meta: UpdateUserResponse200Meta

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
        from ..models.update_user_response_200_meta import UpdateUserResponse200Meta  # noqa: PLC0415
        from ..models.user import User  # noqa: PLC0415

        d = dict(src_dict)
        data = User.from_dict(d.pop("data"))

        meta = UpdateUserResponse200Meta.from_dict(d.pop("meta"))

        update_user_response_200 = cls(
            data=data,
            meta=meta,
        )

        return update_user_response_200
