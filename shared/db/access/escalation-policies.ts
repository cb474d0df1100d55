import type { EntityManager } from '@mikro-orm/postgresql';
import { namedStatement, runNamed } from './named-statement.ts';
import { organizationKeyArrays, rowsOfKeys, type OrganizationKey } from './organization-keys.ts';
import type { EscalationPolicySnapshot } from '../../domain/escalation.ts';
import { plannedPolicy } from '../../domain/escalation-round-robin.ts';
import {
  EscalationPolicyEntity,
  RoutingRuleEntity,
  ScheduleEntity,
  TeamEntity,
  UserEntity,
  type EscalationPolicy,
} from '../entities/index.ts';
import { unscoped } from '../tenant-filter.ts';
import { lockOrganization } from './organizations.ts';
import { organizationTransaction } from './organization-transaction.ts';

/** The policy's name; undefined when it is not the organization's. */
export async function escalationPolicyName(em: EntityManager, organizationId: string, policyId: string): Promise<string | undefined> {
  const [row] = await em.execute<Array<{ name: string }>>('select name from escalation_policies where id = ? and organization_id = ?', [
    policyId,
    organizationId,
  ]);
  return row?.name;
}

// Named: level 1 of every new incident's escalation reads it, concurrent escalations in one statement.
const POLICY_SNAPSHOTS = namedStatement(
  'tocsin_escalation_policy_snapshots',
  'select id, organization_id, name, levels, repeat from escalation_policies where id = any(?::uuid[]) and organization_id = any(?::uuid[])',
);

/**
 * The policies as they are now, as an escalation runs them (round-robin levels unrolled, one
 * target per level), each with its organization; a policy that is not its key's organization's
 * (or was deleted) is absent.
 */
export async function escalationPolicySnapshots(
  em: EntityManager,
  keys: readonly OrganizationKey[],
): Promise<Array<{ organization_id: string; policy: EscalationPolicySnapshot }>> {
  const rows = await runNamed<EscalationPolicySnapshot & { organization_id: string }>(em, POLICY_SNAPSHOTS, organizationKeyArrays(keys));
  return rowsOfKeys(rows, keys).map((row) => ({
    organization_id: row.organization_id,
    policy: plannedPolicy({ id: row.id, name: row.name, levels: row.levels, repeat: row.repeat }),
  }));
}

/** The policy as it is now, as an escalation runs it; undefined when it is not the organization's (or was deleted). */
export async function escalationPolicySnapshot(
  em: EntityManager,
  organizationId: string,
  policyId: string,
): Promise<EscalationPolicySnapshot | undefined> {
  return (await escalationPolicySnapshots(em, [{ organizationId, id: policyId }]))[0]?.policy;
}

export type EscalationPolicyFields = Pick<
  EscalationPolicy,
  'name' | 'description' | 'levels' | 'repeat' | 'ackTimeoutMinutes' | 'isDefault' | 'teamId'
>;

/** A policy write, inside one transaction and confined to one organization. */
export interface EscalationPolicyUnit {
  /** Holds the organization's row until the transaction ends: policy, team and rule writes take turns. */
  lockOrganization(): Promise<void>;
  find(id: string): Promise<EscalationPolicy | undefined>;
  /** Which of the ids name a member, a schedule or a team of the organization. */
  existingTargets(ids: { users: readonly string[]; schedules: readonly string[]; teams: readonly string[] }): Promise<Set<string>>;
  isTeam(teamId: string): Promise<boolean>;
  /** Clears the default flag of the organization's other policies. */
  clearDefaults(keepId?: string): Promise<void>;
  /** Written when the transaction ends. */
  insert(fields: EscalationPolicyFields): EscalationPolicy;
  /** The organization's routing rules that choose the policy, by position. */
  rulesChoosing(policyId: string): Promise<Array<{ id: string; name: string }>>;
  remove(policy: EscalationPolicy): void;
}

/** Every read and write is confined to the organization given. */
export interface EscalationPolicyStore {
  /** Oldest first; only the team's, when given. */
  list(
    organizationId: string,
    page: { limit: number; offset: number; teamId?: string },
  ): Promise<{ items: EscalationPolicy[]; total: number }>;
  find(organizationId: string, id: string): Promise<EscalationPolicy | undefined>;
  /** Runs `work` in one transaction, flushing what it changed at its end: all of it or none. */
  transaction<T>(organizationId: string, work: (unit: EscalationPolicyUnit) => Promise<T>): Promise<T>;
}

/** The organization's escalation policies (`escalation_policies`). */
export function createEscalationPolicyStore(em: EntityManager): EscalationPolicyStore {
  const findPolicy = async (tx: EntityManager, organizationId: string, id: string) =>
    (await tx.findOne(EscalationPolicyEntity, { id, organization: organizationId }, unscoped)) ?? undefined;
  const idsOf = async (
    tx: EntityManager,
    entity: typeof UserEntity | typeof ScheduleEntity | typeof TeamEntity,
    organizationId: string,
    ids: readonly string[],
  ) => {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const rows = await tx.find(
      entity as typeof UserEntity,
      { organization: organizationId, id: { $in: unique } },
      { ...unscoped, fields: ['id'] },
    );
    return rows.map((row) => row.id);
  };
  const unit = (tx: EntityManager, organizationId: string): EscalationPolicyUnit => ({
    lockOrganization: () => lockOrganization(tx, organizationId),
    find: (id) => findPolicy(tx, organizationId, id),
    existingTargets: async ({ users, schedules, teams }) =>
      new Set([
        ...(await idsOf(tx, UserEntity, organizationId, users)),
        ...(await idsOf(tx, ScheduleEntity, organizationId, schedules)),
        ...(await idsOf(tx, TeamEntity, organizationId, teams)),
      ]),
    isTeam: async (teamId) => (await tx.count(TeamEntity, { id: teamId, organization: organizationId }, unscoped)) > 0,
    async clearDefaults(keepId) {
      await tx.nativeUpdate(
        EscalationPolicyEntity,
        { organization: organizationId, isDefault: true, ...(keepId ? { id: { $ne: keepId } } : {}) },
        { isDefault: false },
        unscoped,
      );
    },
    insert: (fields) => tx.create(EscalationPolicyEntity, { organization: organizationId, ...fields }),
    rulesChoosing: async (policyId) =>
      (
        await tx.find(
          RoutingRuleEntity,
          { organization: organizationId, escalationPolicyId: policyId },
          { ...unscoped, fields: ['id', 'name'], orderBy: { position: 'asc' } },
        )
      ).map((rule) => ({ id: rule.id, name: rule.name })),
    remove: (policy) => tx.remove(policy),
  });
  return {
    async list(organizationId, page) {
      const [items, total] = await em.findAndCount(
        EscalationPolicyEntity,
        { organization: organizationId, ...(page.teamId ? { teamId: page.teamId } : {}) },
        { ...unscoped, orderBy: { createdAt: 'asc', id: 'asc' }, limit: page.limit, offset: page.offset },
      );
      return { items, total };
    },
    find: (organizationId, id) => findPolicy(em, organizationId, id),
    transaction: organizationTransaction(em, unit),
  };
}
