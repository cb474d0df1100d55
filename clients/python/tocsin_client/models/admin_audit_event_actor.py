from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.admin_audit_event_actor_type import AdminAuditEventActorType

T = TypeVar("T", bound="AdminAuditEventActor")


@_attrs_define
class AdminAuditEventActor:
    """
    Attributes:
        type_ (AdminAuditEventActorType):
        user_id (None | UUID):
        api_key_id (None | UUID):
        email (None | str):
        name (None | str):
        api_key_name (None | str):
    """

    type_: AdminAuditEventActorType
    user_id: None | UUID
    api_key_id: None | UUID
    email: None | str
    name: None | str
    api_key_name: None | str

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        user_id: None | str
        if isinstance(self.user_id, UUID):
            user_id = str(self.user_id)
        else:
            user_id = self.user_id

        api_key_id: None | str
        if isinstance(self.api_key_id, UUID):
            api_key_id = str(self.api_key_id)
        else:
            api_key_id = self.api_key_id

        email: None | str
        email = self.email

        name: None | str
        name = self.name

        api_key_name: None | str
        api_key_name = self.api_key_name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "user_id": user_id,
                "api_key_id": api_key_id,
                "email": email,
                "name": name,
                "api_key_name": api_key_name,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = AdminAuditEventActorType(d.pop("type"))

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

        def _parse_api_key_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                api_key_id_type_0 = UUID(data)

                return api_key_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        api_key_id = _parse_api_key_id(d.pop("api_key_id"))

        def _parse_email(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        email = _parse_email(d.pop("email"))

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        def _parse_api_key_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        api_key_name = _parse_api_key_name(d.pop("api_key_name"))

        admin_audit_event_actor = cls(
            type_=type_,
            user_id=user_id,
            api_key_id=api_key_id,
            email=email,
            name=name,
            api_key_name=api_key_name,
        )

        return admin_audit_event_actor
