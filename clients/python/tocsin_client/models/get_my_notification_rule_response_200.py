from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.get_my_notification_rule_response_200_meta import GetMyNotificationRuleResponse200Meta
    from ..models.notification_rule import NotificationRule


T = TypeVar("T", bound="GetMyNotificationRuleResponse200")


@_attrs_define
class GetMyNotificationRuleResponse200:
    """
    Attributes:
        data (NotificationRule):
        meta (GetMyNotificationRuleResponse200Meta):
    """

    data: NotificationRule
    meta: GetMyNotificationRuleResponse200Meta

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
        from ..models.get_my_notification_rule_response_200_meta import GetMyNotificationRuleResponse200Meta  # noqa: PLC0415
        from ..models.notification_rule import NotificationRule  # noqa: PLC0415

        d = dict(src_dict)
        data = NotificationRule.from_dict(d.pop("data"))

        meta = GetMyNotificationRuleResponse200Meta.from_dict(d.pop("meta"))

        get_my_notification_rule_response_200 = cls(
            data=data,
            meta=meta,
        )

        return get_my_notification_rule_response_200
