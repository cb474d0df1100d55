import type { EntityManager } from '@mikro-orm/postgresql';
import {
  ApiKeyEntity,
  AuditEventEntity,
  IncidentEntity,
  IntegrationEntity,
  InvitationEntity,
  OrganizationEntity,
  UserEntity,
} from '../entities/index.ts';
import { unscoped } from '../tenant-filter.ts';
import type { Role } from '../../domain/permissions.ts';

/** What an organization's owners and admins see of it at `at`. */
export interface OrganizationStats {
  organization: { id: string; name: string; plan: string; createdAt: Date };
  /** Members by role, for the roles asked. */
  membersByRole: Map<Role, number>;
  pendingInvitations: number;
  activeApiKeys: number;
  integrations: number;
  enabledIntegrations: number;
  incidents: number;
  openIncidents: number;
  auditEvents: number;
  /** Audit events since `auditSince`. */
  recentAuditEvents: number;
}

/** Every count is confined to the organization given. */
export interface OrganizationStatsStore {
  /** Throws when there is no such organization. */
  stats(organizationId: string, roles: readonly Role[], at: Date, auditSince: Date): Promise<OrganizationStats>;
}

export function createOrganizationStatsStore(em: EntityManager): OrganizationStatsStore {
  return {
    async stats(organizationId, roles, at, auditSince) {
      const organization = { organization: organizationId };
      const [
        found,
        roleCounts,
        pendingInvitations,
        activeApiKeys,
        integrations,
        enabledIntegrations,
        incidents,
        openIncidents,
        auditEvents,
        recentAuditEvents,
      ] = await Promise.all([
        em.findOneOrFail(OrganizationEntity, { id: organizationId }, unscoped),
        Promise.all(roles.map((role) => em.count(UserEntity, { ...organization, role }, unscoped))),
        em.count(InvitationEntity, { ...organization, acceptedAt: null, revokedAt: null, expiresAt: { $gt: at } }, unscoped),
        em.count(ApiKeyEntity, { ...organization, revokedAt: null, $or: [{ expiresAt: null }, { expiresAt: { $gt: at } }] }, unscoped),
        em.count(IntegrationEntity, organization, unscoped),
        em.count(IntegrationEntity, { ...organization, enabled: true }, unscoped),
        em.count(IncidentEntity, organization, unscoped),
        em.count(IncidentEntity, { ...organization, status: { $ne: 'resolved' } }, unscoped),
        em.count(AuditEventEntity, organization, unscoped),
        em.count(AuditEventEntity, { ...organization, createdAt: { $gte: auditSince } }, unscoped),
      ]);
      return {
        organization: { id: found.id, name: found.name, plan: found.plan, createdAt: found.createdAt },
        membersByRole: new Map(roles.map((role, index) => [role, roleCounts[index] ?? 0])),
        pendingInvitations,
        activeApiKeys,
        integrations,
        enabledIntegrations,
        incidents,
        openIncidents,
        auditEvents,
        recentAuditEvents,
      };
    },
  };
}
