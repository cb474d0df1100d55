import type { EntityName } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { uuidv7 } from '../../uuidv7.ts';
import {
  EscalationPolicyEntity,
  IntegrationEntity,
  ProcedureEntity,
  RoutingRuleEntity,
  TeamEntity,
  type RoutingRule,
} from '../entities/index.ts';
import { unscoped } from '../tenant-filter.ts';
import { lockOrganization } from './organizations.ts';
import { organizationTransaction } from './organization-transaction.ts';
import type { GroupingSettings } from '../../domain/alert-grouping.ts';
import type { Matcher } from '../../domain/matchers.ts';
import type { Priority } from '../../domain/priority.ts';
import type { RoutingRuleDefinition, Urgency } from '../../domain/routing.ts';

/** The organization's routing rules in evaluation order (position, then age), disabled ones included. */
export async function routingRulesInOrder(em: EntityManager, organizationId: string): Promise<RoutingRuleDefinition[]> {
  const rows = await em.execute<
    Array<{
      id: string;
      matchers: Matcher[];
      escalation_policy_id: string;
      urgency: Urgency;
      enabled: boolean;
      grouping: GroupingSettings | null;
      priority: Priority | null;
      remediation_procedure_id: string | null;
      remediation_auto_approve: boolean;
      remediation_resolves: boolean;
    }>
  >(
    `select id, matchers, escalation_policy_id, urgency, enabled, grouping, priority,
       remediation_procedure_id, remediation_auto_approve, remediation_resolves from routing_rules
     where organization_id = ? order by position, created_at, id`,
    [organizationId],
  );
  return rows.map((row) => ({
    id: row.id,
    matchers: row.matchers,
    policyId: row.escalation_policy_id,
    urgency: row.urgency,
    enabled: row.enabled,
    grouping: row.grouping,
    priority: row.priority,
    remediation: row.remediation_procedure_id
      ? { procedureId: row.remediation_procedure_id, autoApprove: row.remediation_auto_approve, resolves: row.remediation_resolves }
      : null,
  }));
}

/** A routing rule as stored. */
export type RoutingRuleRecord = Pick<
  RoutingRule,
  | 'id'
  | 'name'
  | 'matchers'
  | 'escalationPolicyId'
  | 'urgency'
  | 'enabled'
  | 'position'
  | 'remediationAutoApprove'
  | 'remediationResolves'
  | 'createdAt'
  | 'updatedAt'
> & {
  ackTimeoutMinutes: number | null;
  grouping: GroupingSettings | null;
  teamId: string | null;
  priority: Priority | null;
  remediationProcedureId: string | null;
  createdById: string | null;
};

export type RoutingRuleFields = Pick<
  RoutingRuleRecord,
  | 'name'
  | 'matchers'
  | 'escalationPolicyId'
  | 'urgency'
  | 'enabled'
  | 'ackTimeoutMinutes'
  | 'grouping'
  | 'teamId'
  | 'priority'
  | 'remediationProcedureId'
  | 'remediationAutoApprove'
  | 'remediationResolves'
>;

/** What a routing test reads of an integration. */
export interface RoutedIntegration {
  platform: string;
  escalationPolicyId: string | null;
  teamId: string | null;
}

/** The writes of one change to the order of an organization's rules, inside one transaction under its lock. */
export interface RoutingRuleUnit {
  /** Takes the organization's lock (held until the transaction ends) and reads its rules in evaluation order. */
  lockRules(): Promise<RoutingRuleRecord[]>;
  hasPolicy(id: string): Promise<boolean>;
  hasProcedure(id: string): Promise<boolean>;
  hasTeam(id: string): Promise<boolean>;
  /** A new rule (written at the end of the transaction); its id. */
  insert(fields: RoutingRuleFields & { position: number; createdById: string | null }): string;
  /** Changes a rule read by lockRules. */
  update(id: string, changes: Partial<RoutingRuleFields>): void;
  /** Deletes a rule read by lockRules. */
  remove(id: string): void;
  /** Numbers the rules read or inserted 0..n-1 in this order. */
  order(ids: readonly string[]): void;
  /** Writes what the unit changed so far and answers these rules as now stored. */
  saved(ids: readonly string[]): Promise<RoutingRuleRecord[]>;
}

/** Every read and write is confined to the organization given. */
export interface RoutingRuleStore {
  /** Runs `work` in one transaction, writing what it changed at its end: all of it or none. */
  transaction<T>(organizationId: string, work: (unit: RoutingRuleUnit) => Promise<T>): Promise<T>;
  list(
    organizationId: string,
    page: { limit: number; offset: number; teamId?: string },
  ): Promise<{ items: RoutingRuleRecord[]; total: number }>;
  find(organizationId: string, id: string): Promise<RoutingRuleRecord | undefined>;
  /** The rules in evaluation order (position, then age), disabled ones included. */
  inOrder(organizationId: string): Promise<RoutingRuleRecord[]>;
  integration(organizationId: string, id: string): Promise<RoutedIntegration | undefined>;
  /** The organization's default escalation policy, if it has one. */
  defaultPolicyId(organizationId: string): Promise<string | null>;
  /** The team's default escalation policy; null when it has none or is not the organization's. */
  teamPolicyId(organizationId: string, teamId: string): Promise<string | null>;
}

const ORDER = { position: 'asc', createdAt: 'asc', id: 'asc' } as const;

const ruleRecord = (rule: RoutingRule): RoutingRuleRecord => ({
  id: rule.id,
  name: rule.name,
  matchers: rule.matchers,
  escalationPolicyId: rule.escalationPolicyId,
  urgency: rule.urgency,
  enabled: rule.enabled,
  ackTimeoutMinutes: rule.ackTimeoutMinutes ?? null,
  position: rule.position,
  grouping: rule.grouping ?? null,
  teamId: rule.teamId ?? null,
  priority: rule.priority ?? null,
  remediationProcedureId: rule.remediationProcedureId ?? null,
  remediationAutoApprove: rule.remediationAutoApprove,
  remediationResolves: rule.remediationResolves,
  createdById: rule.createdById ?? null,
  createdAt: rule.createdAt,
  updatedAt: rule.updatedAt,
});

const exists = async <T extends { id: string }>(em: EntityManager, entity: EntityName<T>, organizationId: string, id: string) =>
  (await em.count(entity, { id, organization: organizationId } as never, unscoped)) > 0;

/** Organizations' routing rules (`routing_rules`); workers reload them on every write (NOTIFY). */
export function createRoutingRuleStore(em: EntityManager): RoutingRuleStore {
  const inOrder = (tx: EntityManager, organizationId: string) =>
    tx.find(RoutingRuleEntity, { organization: organizationId }, { ...unscoped, orderBy: ORDER });

  const unit = (tx: EntityManager, organizationId: string): RoutingRuleUnit => {
    // The rules this unit read or created, as the unit of work tracks them.
    const held = new Map<string, RoutingRule>();
    const rule = (id: string) => {
      const found = held.get(id);
      if (!found) throw new Error(`routing rule ${id} was not read in this transaction`);
      return found;
    };
    return {
      async lockRules() {
        await lockOrganization(tx, organizationId);
        const rules = await inOrder(tx, organizationId);
        for (const candidate of rules) held.set(candidate.id, candidate);
        return rules.map(ruleRecord);
      },
      hasPolicy: (id) => exists(tx, EscalationPolicyEntity, organizationId, id),
      hasProcedure: (id) => exists(tx, ProcedureEntity, organizationId, id),
      hasTeam: (id) => exists(tx, TeamEntity, organizationId, id),
      insert(fields) {
        const created = tx.create(RoutingRuleEntity, { id: uuidv7(), organization: organizationId, ...fields });
        held.set(created.id, created);
        return created.id;
      },
      update(id, changes) {
        const stored = rule(id);
        for (const [key, value] of Object.entries(changes)) if (value !== undefined) Object.assign(stored, { [key]: value });
      },
      remove(id) {
        tx.remove(rule(id));
        held.delete(id);
      },
      order(ids) {
        ids.forEach((id, index) => {
          const stored = rule(id);
          if (stored.position !== index) stored.position = index;
        });
      },
      async saved(ids) {
        await tx.flush();
        return ids.map((id) => ruleRecord(rule(id)));
      },
    };
  };

  return {
    transaction: organizationTransaction(em, unit),

    async list(organizationId, page) {
      const [items, total] = await em.findAndCount(
        RoutingRuleEntity,
        { organization: organizationId, ...(page.teamId ? { teamId: page.teamId } : {}) },
        { ...unscoped, orderBy: ORDER, limit: page.limit, offset: page.offset },
      );
      return { items: items.map(ruleRecord), total };
    },

    async find(organizationId, id) {
      const rule = await em.findOne(RoutingRuleEntity, { id, organization: organizationId }, unscoped);
      return rule ? ruleRecord(rule) : undefined;
    },

    inOrder: async (organizationId) => (await inOrder(em, organizationId)).map(ruleRecord),

    async integration(organizationId, id) {
      const integration = await em.findOne(IntegrationEntity, { id, organization: organizationId }, unscoped);
      return integration
        ? { platform: integration.platform, escalationPolicyId: integration.escalationPolicyId ?? null, teamId: integration.teamId ?? null }
        : undefined;
    },

    async defaultPolicyId(organizationId) {
      const policy = await em.findOne(
        EscalationPolicyEntity,
        { organization: organizationId, isDefault: true },
        { ...unscoped, fields: ['id'] },
      );
      return policy?.id ?? null;
    },

    async teamPolicyId(organizationId, teamId) {
      const team = await em.findOne(
        TeamEntity,
        { id: teamId, organization: organizationId },
        { ...unscoped, fields: ['defaultEscalationPolicyId'] },
      );
      return team?.defaultEscalationPolicyId ?? null;
    },
  };
}
