from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.organization import Organization
    from ..models.user import User


T = TypeVar("T", bound="RegisterResponse201Data")


@_attrs_define
class RegisterResponse201Data:
    """
    Attributes:
        user (User):
        organization (Organization):
    """

    user: User
    organization: Organization

    def to_dict(self) -> dict[str, Any]:
        user = self.user.to_dict()

        organization = self.organization.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "user": user,
                "organization": organization,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.organization import Organization  # noqa: PLC0415
        from ..models.user import User  # noqa: PLC0415

        d = dict(src_dict)
        user = User.from_dict(d.pop("user"))

        organization = Organization.from_dict(d.pop("organization"))

        register_response_201_data = cls(
            user=user,
            organization=organization,
        )

        return register_response_201_data
