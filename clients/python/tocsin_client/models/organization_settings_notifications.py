from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.organization_settings_notifications_min_severity import OrganizationSettingsNotificationsMinSeverity

T = TypeVar("T", bound="OrganizationSettingsNotifications")


@_attrs_define
class OrganizationSettingsNotifications:
    """Who hears of incidents besides pages: every member who may read incidents is notified (in the app, and by mail with
    `email`) when an incident at or above `min_severity` opens, and with `notify_on_resolve` when it resolves, unless an
    escalation policy pages it (routed to one, or given one): then its pages reach whoever it targets, by their own
    notification rules, and nobody else is told. An assignee is always told of their assignment.

        Attributes:
            email (bool):  Default: True.
            min_severity (OrganizationSettingsNotificationsMinSeverity):  Default:
                OrganizationSettingsNotificationsMinSeverity.HIGH.
            notify_on_resolve (bool):  Default: True.
    """

    email: bool = True
    min_severity: OrganizationSettingsNotificationsMinSeverity = OrganizationSettingsNotificationsMinSeverity.HIGH
    notify_on_resolve: bool = True

    def to_dict(self) -> dict[str, Any]:
        email = self.email

        min_severity = self.min_severity.value

        notify_on_resolve = self.notify_on_resolve

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "email": email,
                "min_severity": min_severity,
                "notify_on_resolve": notify_on_resolve,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        email = d.pop("email")

        min_severity = OrganizationSettingsNotificationsMinSeverity(d.pop("min_severity"))

        notify_on_resolve = d.pop("notify_on_resolve")

        organization_settings_notifications = cls(
            email=email,
            min_severity=min_severity,
            notify_on_resolve=notify_on_resolve,
        )

        return organization_settings_notifications
