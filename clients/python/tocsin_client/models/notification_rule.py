from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.notification_rule_contact_method_type import NotificationRuleContactMethodType
from ..models.notification_rule_urgency import NotificationRuleUrgency

T = TypeVar("T", bound="NotificationRule")


@_attrs_define
class NotificationRule:
    """
    Attributes:
        id (UUID):
        user_id (UUID):
        contact_method_id (UUID):
        contact_method_type (NotificationRuleContactMethodType):
        delay_minutes (float):
        urgency (NotificationRuleUrgency):
        created_at (datetime.datetime): ISO 8601 UTC timestamp
        updated_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    id: UUID
    user_id: UUID
    contact_method_id: UUID
    contact_method_type: NotificationRuleContactMethodType
    delay_minutes: float
    urgency: NotificationRuleUrgency
    created_at: datetime.datetime
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        user_id = str(self.user_id)

        contact_method_id = str(self.contact_method_id)

        contact_method_type = self.contact_method_type.value

        delay_minutes = self.delay_minutes

        urgency = self.urgency.value

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "user_id": user_id,
                "contact_method_id": contact_method_id,
                "contact_method_type": contact_method_type,
                "delay_minutes": delay_minutes,
                "urgency": urgency,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        user_id = UUID(d.pop("user_id"))

        contact_method_id = UUID(d.pop("contact_method_id"))

        contact_method_type = NotificationRuleContactMethodType(d.pop("contact_method_type"))

        delay_minutes = d.pop("delay_minutes")

        urgency = NotificationRuleUrgency(d.pop("urgency"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        notification_rule = cls(
            id=id,
            user_id=user_id,
            contact_method_id=contact_method_id,
            contact_method_type=contact_method_type,
            delay_minutes=delay_minutes,
            urgency=urgency,
            created_at=created_at,
            updated_at=updated_at,
        )

        return notification_rule
