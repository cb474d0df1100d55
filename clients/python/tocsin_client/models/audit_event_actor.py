from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.audit_event_actor_type import AuditEventActorType

T = TypeVar("T", bound="AuditEventActor")


@_attrs_define
class AuditEventActor:
    """
    Attributes:
        type_ (AuditEventActorType):
        user_id (None | UUID):
        api_key_id (None | UUID):
    """

    type_: AuditEventActorType
    user_id: None | UUID
    api_key_id: None | UUID

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

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "user_id": user_id,
                "api_key_id": api_key_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = AuditEventActorType(d.pop("type"))

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

        audit_event_actor = cls(
            type_=type_,
            user_id=user_id,
            api_key_id=api_key_id,
        )

        return audit_event_actor
