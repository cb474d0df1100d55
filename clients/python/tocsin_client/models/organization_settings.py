from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.organization_settings_default_incident_severity import OrganizationSettingsDefaultIncidentSeverity

if TYPE_CHECKING:
    from ..models.organization_settings_executions import OrganizationSettingsExecutions
    from ..models.organization_settings_notifications import OrganizationSettingsNotifications


T = TypeVar("T", bound="OrganizationSettings")


@_attrs_define
class OrganizationSettings:
    """
    Attributes:
        timezone (str): IANA time zone name (canonical or alias, e.g. `Asia/Kolkata`, `Asia/Calcutta`, `US/Eastern`),
            kept as given Default: 'UTC'.
        notifications (OrganizationSettingsNotifications): Who hears of incidents besides pages: every member who may
            read incidents is notified (in the app, and by mail with `email`) when an incident at or above `min_severity`
            opens, and with `notify_on_resolve` when it resolves, unless an escalation policy pages it (routed to one, or
            given one): then its pages reach whoever it targets, by their own notification rules, and nobody else is told.
            An assignee is always told of their assignment.
        retention_days (int): Days alerts, logs and notifications are kept. Audit events are kept at least the
            operator's minimum (365 days by default) whatever this says. Only an owner may lower it (others get 403
            INSUFFICIENT_PERMISSIONS); raising it needs settings:update. Default: 365.
        default_incident_severity (OrganizationSettingsDefaultIncidentSeverity):  Default:
            OrganizationSettingsDefaultIncidentSeverity.MEDIUM.
        auto_resolve_after_hours (float | None): Resolve an alert-opened incident once no alert has reached it for this
            many hours (fractional, at least 0.001); null never. A sweep runs every minute with the current value, so a
            change applies to every open alert-opened incident, and an incident resolves up to a minute after its time.
        executions (OrganizationSettingsExecutions):
        sso_required (bool):  Default: False.
    """

    notifications: OrganizationSettingsNotifications
    auto_resolve_after_hours: float | None
    executions: OrganizationSettingsExecutions
    timezone: str = "UTC"
    retention_days: int = 365
    default_incident_severity: OrganizationSettingsDefaultIncidentSeverity = (
        OrganizationSettingsDefaultIncidentSeverity.MEDIUM
    )
    sso_required: bool = False

    def to_dict(self) -> dict[str, Any]:
        timezone = self.timezone

        notifications = self.notifications.to_dict()

        retention_days = self.retention_days

        default_incident_severity = self.default_incident_severity.value

        auto_resolve_after_hours: float | None
        auto_resolve_after_hours = self.auto_resolve_after_hours

        executions = self.executions.to_dict()

        sso_required = self.sso_required

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "timezone": timezone,
                "notifications": notifications,
                "retention_days": retention_days,
                "default_incident_severity": default_incident_severity,
                "auto_resolve_after_hours": auto_resolve_after_hours,
                "executions": executions,
                "sso_required": sso_required,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.organization_settings_executions import OrganizationSettingsExecutions  # noqa: PLC0415
        from ..models.organization_settings_notifications import OrganizationSettingsNotifications  # noqa: PLC0415

        d = dict(src_dict)
        timezone = d.pop("timezone")

        notifications = OrganizationSettingsNotifications.from_dict(d.pop("notifications"))

        retention_days = d.pop("retention_days")

        default_incident_severity = OrganizationSettingsDefaultIncidentSeverity(d.pop("default_incident_severity"))

        def _parse_auto_resolve_after_hours(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        auto_resolve_after_hours = _parse_auto_resolve_after_hours(d.pop("auto_resolve_after_hours"))

        executions = OrganizationSettingsExecutions.from_dict(d.pop("executions"))

        sso_required = d.pop("sso_required")

        organization_settings = cls(
            timezone=timezone,
            notifications=notifications,
            retention_days=retention_days,
            default_incident_severity=default_incident_severity,
            auto_resolve_after_hours=auto_resolve_after_hours,
            executions=executions,
            sso_required=sso_required,
        )

        return organization_settings
