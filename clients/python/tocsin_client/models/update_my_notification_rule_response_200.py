from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.notification_rule import NotificationRule
    from ..models.update_my_notification_rule_response_200_meta import UpdateMyNotificationRuleResponse200Meta


T = TypeVar("T", bound="UpdateMyNotificationRuleResponse200")


@_attrs_define
class UpdateMyNotificationRuleResponse200:
    """
    Attributes:
        data (NotificationRule):
        meta (UpdateMyNotificationRuleResponse200Meta):
    """

    data: NotificationRule
    meta: UpdateMyNotificationRuleResponse200Meta

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
        from ..models.notification_rule import NotificationRule  # noqa: PLC0415
        from ..models.update_my_notification_rule_response_200_meta import UpdateMyNotificationRuleResponse200Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = NotificationRule.from_dict(d.pop("data"))

        meta = UpdateMyNotificationRuleResponse200Meta.from_dict(d.pop("meta"))

        update_my_notification_rule_response_200 = cls(
            data=data,
            meta=meta,
        )

        return update_my_notification_rule_response_200
