from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.create_notification_rule_input_urgency import CreateNotificationRuleInputUrgency
from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateNotificationRuleInput")


@_attrs_define
class CreateNotificationRuleInput:
    """
    Attributes:
        contact_method_id (UUID):
        delay_minutes (float | Unset): Minutes after the page this rule notifies (0 to 1440; fractions allowed) Default:
            0.0.
        urgency (CreateNotificationRuleInputUrgency | Unset): Which pages the rule applies to: `high`, `low` or `any`.
            Low-urgency pages go by email only. Default: CreateNotificationRuleInputUrgency.ANY.
    """

    contact_method_id: UUID
    delay_minutes: float | Unset = 0.0
    urgency: CreateNotificationRuleInputUrgency | Unset = CreateNotificationRuleInputUrgency.ANY

    def to_dict(self) -> dict[str, Any]:
        contact_method_id = str(self.contact_method_id)

        delay_minutes = self.delay_minutes

        urgency: str | Unset = UNSET
        if not isinstance(self.urgency, Unset):
            urgency = self.urgency.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "contact_method_id": contact_method_id,
            }
        )
        if delay_minutes is not UNSET:
            field_dict["delay_minutes"] = delay_minutes
        if urgency is not UNSET:
            field_dict["urgency"] = urgency

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        contact_method_id = UUID(d.pop("contact_method_id"))

        delay_minutes = d.pop("delay_minutes", UNSET)

        _urgency = d.pop("urgency", UNSET)
        urgency: CreateNotificationRuleInputUrgency | Unset
        if isinstance(_urgency, Unset):
            urgency = UNSET
        else:
            urgency = CreateNotificationRuleInputUrgency(_urgency)

        create_notification_rule_input = cls(
            contact_method_id=contact_method_id,
            delay_minutes=delay_minutes,
            urgency=urgency,
        )

        return create_notification_rule_input
