import type { OrganizationStatsStore } from '../../shared/db/access/organization-stats.ts';
import { ROLES, type Role } from '../../shared/domain/permissions.ts';
import type { PlanLimits } from '../../shared/domain/plans.ts';
import type { AuthContext } from '../auth-context.ts';
import type { AdminStatsView } from '../schemas/audit.schemas.ts';
import { organizationView } from './auth.service.ts';

export type AdminService = ReturnType<typeof createAdminService>;

/** Numbers about the caller's organization for its owners and admins (`GET /admin/stats`). */
export function createAdminService(deps: {
  organizationStats: () => OrganizationStatsStore;
  limitsFor: (plan: string) => PlanLimits;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  return {
    async stats(auth: AuthContext): Promise<AdminStatsView> {
      const at = now();
      const dayAgo = new Date(at.getTime() - 24 * 3600 * 1000);
      const stats = await deps.organizationStats().stats(auth.organizationId, ROLES, at, dayAgo);
      const roleCounts = ROLES.map((role) => stats.membersByRole.get(role) ?? 0);
      const { organization } = stats;
      const byRole = Object.fromEntries(ROLES.map((role, index) => [role, roleCounts[index]])) as Record<Role, number>;
      return {
        organization: organizationView(organization),
        users: { total: roleCounts.reduce((sum, count) => sum + count, 0), by_role: byRole },
        invitations: { pending: stats.pendingInvitations },
        api_keys: { active: stats.activeApiKeys },
        integrations: { total: stats.integrations, enabled: stats.enabledIntegrations },
        incidents: { total: stats.incidents, open: stats.openIncidents },
        audit_events: { total: stats.auditEvents, last_24h: stats.recentAuditEvents },
        rate_limits: { plan: organization.plan, per_hour: deps.limitsFor(organization.plan) },
      };
    },
  };
}
