from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.update_user_body_role import UpdateUserBodyRole
from ..types import UNSET, Unset

T = TypeVar("T", bound="UpdateUserBody")


@_attrs_define
class UpdateUserBody:
    """
    Attributes:
        name (str | Unset):
        role (UpdateUserBodyRole | Unset): Needs `users:update`; only an owner grants `owner` or changes an owner
    """

    name: str | Unset = UNSET
    role: UpdateUserBodyRole | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        role: str | Unset = UNSET
        if not isinstance(self.role, Unset):
            role = self.role.value

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if role is not UNSET:
            field_dict["role"] = role

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        _role = d.pop("role", UNSET)
        role: UpdateUserBodyRole | Unset
        if isinstance(_role, Unset):
            role = UNSET
        else:
            role = UpdateUserBodyRole(_role)

        update_user_body = cls(
            name=name,
            role=role,
        )

        return update_user_body
