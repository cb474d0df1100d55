from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.create_my_notification_rule_response_201_meta import CreateMyNotificationRuleResponse201Meta
    from ..models.notification_rule import NotificationRule


T = TypeVar("T", bound="CreateMyNotificationRuleResponse201")


@_attrs_define
class CreateMyNotificationRuleResponse201:
    """
    Attributes:
        data (NotificationRule):
        meta (CreateMyNotificationRuleResponse201Meta):
    """

    data: NotificationRule
    meta: CreateMyNotificationRuleResponse201Meta

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
        from ..models.create_my_notification_rule_response_201_meta import CreateMyNotificationRuleResponse201Meta  # noqa: PLC0415
        from ..models.notification_rule import NotificationRule  # noqa: PLC0415

        d = dict(src_dict)
        data = NotificationRule.from_dict(d.pop("data"))

        meta = CreateMyNotificationRuleResponse201Meta.from_dict(d.pop("meta"))

        create_my_notification_rule_response_201 = cls(
            data=data,
            meta=meta,
        )

        return create_my_notification_rule_response_201
