import type { EntityManager } from '@mikro-orm/core';
import {
  ApiKeyEntity,
  AuditEventEntity,
  IncidentEntity,
  IntegrationEntity,
  InvitationEntity,
  OrganizationEntity,
  UserEntity,
} from '../../shared/db/entities/index.ts';
import { ROLES, type Role } from '../../shared/domain/permissions.ts';
import type { PlanLimits } from '../../shared/domain/plans.ts';
import type { AuthContext } from '../auth-context.ts';
import type { AdminStatsView } from '../schemas/audit.schemas.ts';
import { organizationView } from './auth.service.ts';

export type AdminService = ReturnType<typeof createAdminService>;

/** Numbers about the caller's organization for its owners and admins (`GET /admin/stats`). */
export function createAdminService(deps: { em: () => EntityManager; limitsFor: (plan: string) => PlanLimits; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return {
    async stats(auth: AuthContext): Promise<AdminStatsView> {
      // Every count runs under the tenant filter, i.e. within the caller's organization.
      const em = deps.em();
      const at = now();
      const dayAgo = new Date(at.getTime() - 24 * 3600 * 1000);
      const [
        organization,
        roleCounts,
        pendingInvitations,
        activeKeys,
        integrations,
        enabledIntegrations,
        incidents,
        openIncidents,
        auditTotal,
        auditDay,
      ] = await Promise.all([
        em.findOneOrFail(OrganizationEntity, { id: auth.organizationId }),
        Promise.all(ROLES.map((role) => em.count(UserEntity, { role }))),
        em.count(InvitationEntity, { acceptedAt: null, revokedAt: null, expiresAt: { $gt: at } }),
        em.count(ApiKeyEntity, { revokedAt: null, $or: [{ expiresAt: null }, { expiresAt: { $gt: at } }] }),
        em.count(IntegrationEntity, {}),
        em.count(IntegrationEntity, { enabled: true }),
        em.count(IncidentEntity, {}),
        em.count(IncidentEntity, { status: { $ne: 'resolved' } }),
        em.count(AuditEventEntity, {}),
        em.count(AuditEventEntity, { createdAt: { $gte: dayAgo } }),
      ]);
      const byRole = Object.fromEntries(ROLES.map((role, index) => [role, roleCounts[index]])) as Record<Role, number>;
      return {
        organization: organizationView(organization),
        users: { total: roleCounts.reduce((sum, count) => sum + count, 0), by_role: byRole },
        invitations: { pending: pendingInvitations },
        api_keys: { active: activeKeys },
        integrations: { total: integrations, enabled: enabledIntegrations },
        incidents: { total: incidents, open: openIncidents },
        audit_events: { total: auditTotal, last_24h: auditDay },
        rate_limits: { plan: organization.plan, per_hour: deps.limitsFor(organization.plan) },
      };
    },
  };
}
