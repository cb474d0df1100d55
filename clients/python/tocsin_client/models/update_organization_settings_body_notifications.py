from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.update_organization_settings_body_notifications_min_severity import (
    UpdateOrganizationSettingsBodyNotificationsMinSeverity,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="UpdateOrganizationSettingsBodyNotifications")


@_attrs_define
class UpdateOrganizationSettingsBodyNotifications:
    """Who hears of incidents besides pages: every member who may read incidents is notified (in the app, and by mail with
    `email`) when an incident at or above `min_severity` opens, and with `notify_on_resolve` when it resolves, unless an
    escalation policy pages it (routed to one, or given one): then its pages reach whoever it targets, by their own
    notification rules, and nobody else is told. An assignee is always told of their assignment.

        Attributes:
            email (bool | Unset):
            min_severity (UpdateOrganizationSettingsBodyNotificationsMinSeverity | Unset):
            notify_on_resolve (bool | Unset):
    """

    email: bool | Unset = UNSET
    min_severity: UpdateOrganizationSettingsBodyNotificationsMinSeverity | Unset = UNSET
    notify_on_resolve: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        email = self.email

        min_severity: str | Unset = UNSET
        if not isinstance(self.min_severity, Unset):
            min_severity = self.min_severity.value

        notify_on_resolve = self.notify_on_resolve

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if email is not UNSET:
            field_dict["email"] = email
        if min_severity is not UNSET:
            field_dict["min_severity"] = min_severity
        if notify_on_resolve is not UNSET:
            field_dict["notify_on_resolve"] = notify_on_resolve

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        email = d.pop("email", UNSET)

        _min_severity = d.pop("min_severity", UNSET)
        min_severity: UpdateOrganizationSettingsBodyNotificationsMinSeverity | Unset
        if isinstance(_min_severity, Unset):
            min_severity = UNSET
        else:
            min_severity = UpdateOrganizationSettingsBodyNotificationsMinSeverity(_min_severity)

        notify_on_resolve = d.pop("notify_on_resolve", UNSET)

        update_organization_settings_body_notifications = cls(
            email=email,
            min_severity=min_severity,
            notify_on_resolve=notify_on_resolve,
        )

        return update_organization_settings_body_notifications
