from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.update_my_notification_rule_body_urgency import UpdateMyNotificationRuleBodyUrgency
from ..types import UNSET, Unset

T = TypeVar("T", bound="UpdateMyNotificationRuleBody")


@_attrs_define
class UpdateMyNotificationRuleBody:
    """
    Attributes:
        contact_method_id (UUID | Unset):
        delay_minutes (float | Unset): Minutes after the page this rule notifies (0 to 1440; fractions allowed)
        urgency (UpdateMyNotificationRuleBodyUrgency | Unset): Which pages the rule applies to: `high`, `low` or `any`.
            Low-urgency pages go by email only.
    """

    contact_method_id: UUID | Unset = UNSET
    delay_minutes: float | Unset = UNSET
    urgency: UpdateMyNotificationRuleBodyUrgency | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        contact_method_id: str | Unset = UNSET
        if not isinstance(self.contact_method_id, Unset):
            contact_method_id = str(self.contact_method_id)

        delay_minutes = self.delay_minutes

        urgency: str | Unset = UNSET
        if not isinstance(self.urgency, Unset):
            urgency = self.urgency.value

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if contact_method_id is not UNSET:
            field_dict["contact_method_id"] = contact_method_id
        if delay_minutes is not UNSET:
            field_dict["delay_minutes"] = delay_minutes
        if urgency is not UNSET:
            field_dict["urgency"] = urgency

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _contact_method_id = d.pop("contact_method_id", UNSET)
        contact_method_id: UUID | Unset
        if isinstance(_contact_method_id, Unset):
            contact_method_id = UNSET
        else:
            contact_method_id = UUID(_contact_method_id)

        delay_minutes = d.pop("delay_minutes", UNSET)

        _urgency = d.pop("urgency", UNSET)
        urgency: UpdateMyNotificationRuleBodyUrgency | Unset
        if isinstance(_urgency, Unset):
            urgency = UNSET
        else:
            urgency = UpdateMyNotificationRuleBodyUrgency(_urgency)

        update_my_notification_rule_body = cls(
            contact_method_id=contact_method_id,
            delay_minutes=delay_minutes,
            urgency=urgency,
        )

        return update_my_notification_rule_body
