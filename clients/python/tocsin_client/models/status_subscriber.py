from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="StatusSubscriber")


@_attrs_define
class StatusSubscriber:
    """
    Attributes:
        id (UUID):
        email (str):
        user_id (None | UUID):
        confirmed (bool): False until the address followed its confirmation link
    """

    id: UUID
    email: str
    user_id: None | UUID
    confirmed: bool

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        email = self.email

        user_id: None | str
        if isinstance(self.user_id, UUID):
            user_id = str(self.user_id)
        else:
            user_id = self.user_id

        confirmed = self.confirmed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "email": email,
                "user_id": user_id,
                "confirmed": confirmed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        email = d.pop("email")

        def _parse_user_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                user_id_type_0 = UUID(data)

                return user_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        user_id = _parse_user_id(d.pop("user_id"))

        confirmed = d.pop("confirmed")

        status_subscriber = cls(
            id=id,
            email=email,
            user_id=user_id,
            confirmed=confirmed,
        )

        return status_subscriber
