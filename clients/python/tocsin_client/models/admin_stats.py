from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.admin_stats_api_keys import AdminStatsApiKeys
    from ..models.admin_stats_audit_events import AdminStatsAuditEvents
    from ..models.admin_stats_incidents import AdminStatsIncidents
    from ..models.admin_stats_integrations import AdminStatsIntegrations
    from ..models.admin_stats_invitations import AdminStatsInvitations
    from ..models.admin_stats_rate_limits import AdminStatsRateLimits
    from ..models.admin_stats_users import AdminStatsUsers
    from ..models.organization import Organization


T = TypeVar("T", bound="AdminStats")


@_attrs_define
class AdminStats:
    """
    Attributes:
        organization (Organization):
        users (AdminStatsUsers):
        invitations (AdminStatsInvitations):
        api_keys (AdminStatsApiKeys):
        integrations (AdminStatsIntegrations):
        incidents (AdminStatsIncidents):
        audit_events (AdminStatsAuditEvents):
        rate_limits (AdminStatsRateLimits):
    """

    organization: Organization
    users: AdminStatsUsers
    invitations: AdminStatsInvitations
    api_keys: AdminStatsApiKeys
    integrations: AdminStatsIntegrations
    incidents: AdminStatsIncidents
    audit_events: AdminStatsAuditEvents
    rate_limits: AdminStatsRateLimits

    def to_dict(self) -> dict[str, Any]:
        organization = self.organization.to_dict()

        users = self.users.to_dict()

        invitations = self.invitations.to_dict()

        api_keys = self.api_keys.to_dict()

        integrations = self.integrations.to_dict()

        incidents = self.incidents.to_dict()

        audit_events = self.audit_events.to_dict()

        rate_limits = self.rate_limits.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "organization": organization,
                "users": users,
                "invitations": invitations,
                "api_keys": api_keys,
                "integrations": integrations,
                "incidents": incidents,
                "audit_events": audit_events,
                "rate_limits": rate_limits,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.admin_stats_api_keys import AdminStatsApiKeys  # noqa: PLC0415
        from ..models.admin_stats_audit_events import AdminStatsAuditEvents  # noqa: PLC0415
        from ..models.admin_stats_incidents import AdminStatsIncidents  # noqa: PLC0415
        from ..models.admin_stats_integrations import AdminStatsIntegrations  # noqa: PLC0415
        from ..models.admin_stats_invitations import AdminStatsInvitations  # noqa: PLC0415
        from ..models.admin_stats_rate_limits import AdminStatsRateLimits  # noqa: PLC0415
        from ..models.admin_stats_users import AdminStatsUsers  # noqa: PLC0415
        from ..models.organization import Organization  # noqa: PLC0415

        d = dict(src_dict)
        organization = Organization.from_dict(d.pop("organization"))

        users = AdminStatsUsers.from_dict(d.pop("users"))

        invitations = AdminStatsInvitations.from_dict(d.pop("invitations"))

        api_keys = AdminStatsApiKeys.from_dict(d.pop("api_keys"))

        integrations = AdminStatsIntegrations.from_dict(d.pop("integrations"))

        incidents = AdminStatsIncidents.from_dict(d.pop("incidents"))

        audit_events = AdminStatsAuditEvents.from_dict(d.pop("audit_events"))

        rate_limits = AdminStatsRateLimits.from_dict(d.pop("rate_limits"))

        admin_stats = cls(
            organization=organization,
            users=users,
            invitations=invitations,
            api_keys=api_keys,
            integrations=integrations,
            incidents=incidents,
            audit_events=audit_events,
            rate_limits=rate_limits,
        )

        return admin_stats
