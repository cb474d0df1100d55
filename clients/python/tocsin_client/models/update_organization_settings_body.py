from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.update_organization_settings_body_default_incident_severity import (
    UpdateOrganizationSettingsBodyDefaultIncidentSeverity,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.update_organization_settings_body_executions import UpdateOrganizationSettingsBodyExecutions
    from ..models.update_organization_settings_body_notifications import UpdateOrganizationSettingsBodyNotifications


T = TypeVar("T", bound="UpdateOrganizationSettingsBody")


@_attrs_define
class UpdateOrganizationSettingsBody:
    """
    Attributes:
        timezone (str | Unset): IANA time zone name (canonical or alias, e.g. `Asia/Kolkata`, `Asia/Calcutta`,
            `US/Eastern`), kept as given
        notifications (UpdateOrganizationSettingsBodyNotifications | Unset): Who hears of incidents besides pages: every
            member who may read incidents is notified (in the app, and by mail with `email`) when an incident at or above
            `min_severity` opens, and with `notify_on_resolve` when it resolves, unless an escalation policy pages it
            (routed to one, or given one): then its pages reach whoever it targets, by their own notification rules, and
            nobody else is told. An assignee is always told of their assignment.
        retention_days (int | Unset): Days alerts, logs and notifications are kept. Audit events are kept at least the
            operator's minimum (365 days by default) whatever this says. Only an owner may lower it (others get 403
            INSUFFICIENT_PERMISSIONS); raising it needs settings:update.
        default_incident_severity (UpdateOrganizationSettingsBodyDefaultIncidentSeverity | Unset):
        auto_resolve_after_hours (float | None | Unset): Resolve an alert-opened incident once no alert has reached it
            for this many hours (fractional, at least 0.001); null never. A sweep runs every minute with the current value,
            so a change applies to every open alert-opened incident, and an incident resolves up to a minute after its time.
        executions (UpdateOrganizationSettingsBodyExecutions | Unset):
        sso_required (bool | Unset):
    """

    timezone: str | Unset = UNSET
    notifications: UpdateOrganizationSettingsBodyNotifications | Unset = UNSET
    retention_days: int | Unset = UNSET
    default_incident_severity: UpdateOrganizationSettingsBodyDefaultIncidentSeverity | Unset = UNSET
    auto_resolve_after_hours: float | None | Unset = UNSET
    executions: UpdateOrganizationSettingsBodyExecutions | Unset = UNSET
    sso_required: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        timezone = self.timezone

        notifications: dict[str, Any] | Unset = UNSET
        if not isinstance(self.notifications, Unset):
            notifications = self.notifications.to_dict()

        retention_days = self.retention_days

        default_incident_severity: str | Unset = UNSET
        if not isinstance(self.default_incident_severity, Unset):
            default_incident_severity = self.default_incident_severity.value

        auto_resolve_after_hours: float | None | Unset
        if isinstance(self.auto_resolve_after_hours, Unset):
            auto_resolve_after_hours = UNSET
        else:
            auto_resolve_after_hours = self.auto_resolve_after_hours

        executions: dict[str, Any] | Unset = UNSET
        if not isinstance(self.executions, Unset):
            executions = self.executions.to_dict()

        sso_required = self.sso_required

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if timezone is not UNSET:
            field_dict["timezone"] = timezone
        if notifications is not UNSET:
            field_dict["notifications"] = notifications
        if retention_days is not UNSET:
            field_dict["retention_days"] = retention_days
        if default_incident_severity is not UNSET:
            field_dict["default_incident_severity"] = default_incident_severity
        if auto_resolve_after_hours is not UNSET:
            field_dict["auto_resolve_after_hours"] = auto_resolve_after_hours
        if executions is not UNSET:
            field_dict["executions"] = executions
        if sso_required is not UNSET:
            field_dict["sso_required"] = sso_required

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.update_organization_settings_body_executions import UpdateOrganizationSettingsBodyExecutions  # noqa: PLC0415
        from ..models.update_organization_settings_body_notifications import UpdateOrganizationSettingsBodyNotifications  # noqa: PLC0415

        d = dict(src_dict)
        timezone = d.pop("timezone", UNSET)

        _notifications = d.pop("notifications", UNSET)
        notifications: UpdateOrganizationSettingsBodyNotifications | Unset
        if isinstance(_notifications, Unset):
            notifications = UNSET
        else:
            notifications = UpdateOrganizationSettingsBodyNotifications.from_dict(_notifications)

        retention_days = d.pop("retention_days", UNSET)

        _default_incident_severity = d.pop("default_incident_severity", UNSET)
        default_incident_severity: UpdateOrganizationSettingsBodyDefaultIncidentSeverity | Unset
        if isinstance(_default_incident_severity, Unset):
            default_incident_severity = UNSET
        else:
            default_incident_severity = UpdateOrganizationSettingsBodyDefaultIncidentSeverity(
                _default_incident_severity
            )

        def _parse_auto_resolve_after_hours(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        auto_resolve_after_hours = _parse_auto_resolve_after_hours(d.pop("auto_resolve_after_hours", UNSET))

        _executions = d.pop("executions", UNSET)
        executions: UpdateOrganizationSettingsBodyExecutions | Unset
        if isinstance(_executions, Unset):
            executions = UNSET
        else:
            executions = UpdateOrganizationSettingsBodyExecutions.from_dict(_executions)

        sso_required = d.pop("sso_required", UNSET)

        update_organization_settings_body = cls(
            timezone=timezone,
            notifications=notifications,
            retention_days=retention_days,
            default_incident_severity=default_incident_severity,
            auto_resolve_after_hours=auto_resolve_after_hours,
            executions=executions,
            sso_required=sso_required,
        )

        return update_organization_settings_body
