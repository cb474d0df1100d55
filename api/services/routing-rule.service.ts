import type { GroupingSettings } from '../../shared/domain/alert-grouping.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  EscalationPolicyEntity,
  IntegrationEntity,
  ProcedureEntity,
  RoutingRuleEntity,
  TeamEntity,
  type RoutingRule,
} from '../../shared/db/entities/index.ts';
import type { Priority } from '../../shared/domain/priority.ts';
import { existingIds } from '../../shared/db/access/existing-ids.ts';
import { lockOrganization } from '../../shared/db/access/organizations.ts';
import { boundLabels } from '../../shared/domain/alert.ts';
import { formatMatcher, formatMatchers, type Matcher } from '../../shared/domain/matchers.ts';
import { buildRouter, MAX_ROUTING_RULES, type Urgency } from '../../shared/domain/routing.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../shared/errors.ts';
import type { AuthContext } from '../auth-context.ts';
import { assertOwnerTeam } from './team.service.ts';
import type { RoutingRuleView, RoutingTestView } from '../schemas/routing-rule.schemas.ts';

export type RoutingRuleService = ReturnType<typeof createRoutingRuleService>;

export const routingRuleView = (rule: RoutingRule): RoutingRuleView => ({
  id: rule.id,
  name: rule.name,
  matchers: rule.matchers.map(formatMatcher),
  matchers_text: formatMatchers(rule.matchers),
  escalation_policy_id: rule.escalationPolicyId,
  urgency: rule.urgency,
  enabled: rule.enabled,
  ack_timeout_minutes: rule.ackTimeoutMinutes ?? null,
  position: rule.position,
  grouping: rule.grouping ?? null,
  team_id: rule.teamId ?? null,
  priority: rule.priority ?? null,
  runbook: rule.remediationProcedureId
    ? { procedure_id: rule.remediationProcedureId, auto_approve: rule.remediationAutoApprove, resolve_incident: rule.remediationResolves }
    : null,
  created_by: rule.createdById ?? null,
  created_at: rule.createdAt.toISOString(),
  updated_at: rule.updatedAt.toISOString(),
});

interface RuleInput {
  name?: string;
  matchers?: Matcher[];
  escalation_policy_id?: string;
  urgency?: Urgency;
  enabled?: boolean;
  ack_timeout_minutes?: number | null;
  position?: number;
  grouping?: GroupingSettings | null;
  team_id?: string | null;
  priority?: Priority | null;
  runbook?: { procedure_id: string; auto_approve: boolean; resolve_incident: boolean } | null;
}

/** The entity fields a rule's runbook input sets. */
const runbookFields = (runbook: RuleInput['runbook'] | null) => ({
  remediationProcedureId: runbook?.procedure_id ?? null,
  remediationAutoApprove: runbook?.auto_approve ?? false,
  remediationResolves: runbook?.resolve_incident ?? true,
});

const ORDER = { position: 'asc', createdAt: 'asc', id: 'asc' } as const;

/**
 * Routing rules CRUD within the caller's organization (the tenant filter). Every write takes the
 * organization row's lock and renumbers positions 0..n-1, so concurrent reorders take turns and the
 * order never has gaps or ties.
 */
export function createRoutingRuleService(deps: { em: () => EntityManager }) {
  /** The rules in evaluation order, locked by the caller's organization lock. */
  const ordered = (em: EntityManager) => em.find(RoutingRuleEntity, {}, { orderBy: ORDER });

  const assertPolicy = async (em: EntityManager, policyId: string | undefined) => {
    if (policyId === undefined) return;
    if (!(await existingIds(em, EscalationPolicyEntity, [policyId])).has(policyId))
      throw new ValidationError([{ path: 'body.escalation_policy_id', message: 'no such escalation policy in this organization' }]);
  };

  const assertProcedure = async (em: EntityManager, runbook: RuleInput['runbook']) => {
    if (!runbook) return;
    if (!(await existingIds(em, ProcedureEntity, [runbook.procedure_id])).has(runbook.procedure_id))
      throw new ValidationError([{ path: 'body.runbook.procedure_id', message: 'no such procedure in this organization' }]);
  };

  const renumber = (rules: RoutingRule[]) => {
    rules.forEach((rule, index) => {
      if (rule.position !== index) rule.position = index;
    });
  };

  /** Moves `rule` to `position` (clamped to the end) among `rules`, which holds it or not yet. */
  const place = (rules: RoutingRule[], rule: RoutingRule, position: number | undefined) => {
    const others = rules.filter((candidate) => candidate.id !== rule.id);
    const at = position === undefined ? others.length : Math.min(position, others.length);
    others.splice(at, 0, rule);
    renumber(others);
  };

  return {
    async list(_auth: AuthContext, query: { limit: number; offset: number; team_id?: string }) {
      const [items, total] = await deps.em().findAndCount(RoutingRuleEntity, query.team_id ? { teamId: query.team_id } : {}, {
        orderBy: ORDER,
        limit: query.limit,
        offset: query.offset,
      });
      return { items: items.map(routingRuleView), total };
    },

    async get(_auth: AuthContext, id: string) {
      const rule = await deps.em().findOne(RoutingRuleEntity, { id });
      if (!rule) throw new NotFoundError('Routing rule');
      return routingRuleView(rule);
    },

    async create(
      auth: AuthContext,
      input: Required<Pick<RuleInput, 'name' | 'matchers' | 'escalation_policy_id' | 'urgency' | 'enabled'>> & RuleInput,
    ) {
      const rule = await deps.em().transactional(async (em) => {
        await lockOrganization(em, auth.organizationId);
        await assertPolicy(em, input.escalation_policy_id);
        await assertOwnerTeam(em, input.team_id);
        await assertProcedure(em, input.runbook);
        const rules = await ordered(em);
        if (rules.length >= MAX_ROUTING_RULES) throw new ConflictError(`An organization keeps at most ${MAX_ROUTING_RULES} routing rules`);
        const created = em.create(RoutingRuleEntity, {
          organization: auth.organizationId,
          name: input.name,
          matchers: input.matchers,
          escalationPolicyId: input.escalation_policy_id,
          urgency: input.urgency,
          enabled: input.enabled,
          ackTimeoutMinutes: input.ack_timeout_minutes ?? null,
          position: rules.length,
          grouping: input.grouping ?? null,
          teamId: input.team_id ?? null,
          priority: input.priority ?? null,
          ...runbookFields(input.runbook ?? null),
          createdById: auth.userId,
        });
        place(rules, created, input.position);
        await em.flush();
        return created;
      });
      return routingRuleView(rule);
    },

    async update(auth: AuthContext, id: string, input: RuleInput) {
      const rule = await deps.em().transactional(async (em) => {
        await lockOrganization(em, auth.organizationId);
        const rules = await ordered(em);
        const stored = rules.find((candidate) => candidate.id === id);
        if (!stored) throw new NotFoundError('Routing rule');
        await assertPolicy(em, input.escalation_policy_id);
        await assertOwnerTeam(em, input.team_id);
        if (input.team_id !== undefined) stored.teamId = input.team_id;
        await assertProcedure(em, input.runbook);
        if (input.name !== undefined) stored.name = input.name;
        if (input.matchers !== undefined) stored.matchers = input.matchers;
        if (input.escalation_policy_id !== undefined) stored.escalationPolicyId = input.escalation_policy_id;
        if (input.urgency !== undefined) stored.urgency = input.urgency;
        if (input.enabled !== undefined) stored.enabled = input.enabled;
        if (input.ack_timeout_minutes !== undefined) stored.ackTimeoutMinutes = input.ack_timeout_minutes;
        if (input.grouping !== undefined) stored.grouping = input.grouping;
        if (input.priority !== undefined) stored.priority = input.priority;
        if (input.runbook !== undefined) Object.assign(stored, runbookFields(input.runbook));
        if (input.position !== undefined) place(rules, stored, input.position);
        await em.flush();
        return stored;
      });
      return routingRuleView(rule);
    },

    async remove(auth: AuthContext, id: string) {
      await deps.em().transactional(async (em) => {
        await lockOrganization(em, auth.organizationId);
        const rules = await ordered(em);
        const stored = rules.find((candidate) => candidate.id === id);
        if (!stored) throw new NotFoundError('Routing rule');
        em.remove(stored);
        renumber(rules.filter((candidate) => candidate.id !== id));
        await em.flush();
      });
    },

    /** Sets the whole order at once; the list must name every rule of the organization exactly once. */
    async reorder(auth: AuthContext, ruleIds: string[]) {
      const rules = await deps.em().transactional(async (em) => {
        await lockOrganization(em, auth.organizationId);
        const rules = await ordered(em);
        const byId = new Map(rules.map((rule) => [rule.id, rule]));
        const unknown = ruleIds.flatMap((ruleId, index) =>
          byId.has(ruleId) ? [] : [{ path: `body.rule_ids.${index}`, message: 'no such routing rule in this organization' }],
        );
        const missing = rules.filter((rule) => !ruleIds.includes(rule.id));
        if (unknown.length || missing.length)
          throw new ValidationError([
            ...unknown,
            ...(missing.length
              ? [{ path: 'body.rule_ids', message: `every rule must be listed; missing: ${missing.map((rule) => rule.id).join(', ')}` }]
              : []),
          ]);
        const next = ruleIds.map((ruleId) => byId.get(ruleId) as RoutingRule);
        renumber(next);
        await em.flush();
        return next;
      });
      return { items: rules.map(routingRuleView), total: rules.length };
    },

    /**
     * Which rule, policy and urgency an incident opened by this alert would get; reads only. The
     * labels are bounded and matching budgeted as at ingestion; a cut-off is a 422 naming why.
     */
    async test(
      _auth: AuthContext,
      input: { labels: Record<string, string>; severity: string; platform?: string; integration_id?: string },
    ): Promise<RoutingTestView> {
      const em = deps.em();
      const integration = input.integration_id ? await em.findOne(IntegrationEntity, { id: input.integration_id }) : null;
      if (input.integration_id && !integration) throw new NotFoundError('Integration');
      const [rules, defaultPolicy] = await Promise.all([
        ordered(em),
        em.findOne(EscalationPolicyEntity, { isDefault: true }, { fields: ['id'] }),
      ]);
      const integrationPolicyId = integration?.escalationPolicyId ?? null;
      const team = integration?.teamId
        ? await em.findOne(TeamEntity, { id: integration.teamId }, { fields: ['defaultEscalationPolicyId'] })
        : null;
      const teamPolicyId = team?.defaultEscalationPolicyId ?? null;
      const decision = buildRouter(
        rules.map((rule) => ({
          id: rule.id,
          matchers: rule.matchers,
          policyId: rule.escalationPolicyId,
          urgency: rule.urgency,
          enabled: rule.enabled,
          priority: rule.priority ?? null,
        })),
      ).route(
        {
          labels: boundLabels(input.labels),
          severity: input.severity,
          platform: input.platform ?? integration?.platform ?? '',
          integrationId: input.integration_id ?? '',
        },
        { integrationPolicyId, teamPolicyId, defaultPolicyId: defaultPolicy?.id ?? null },
      );
      if (decision.cutOff)
        throw new ValidationError(
          [{ path: 'body.labels', message: `${decision.cutOff}; an alert like this one would not be routed by a rule` }],
          'Routing rules too expensive to evaluate for this alert',
        );
      const rule = decision.ruleId ? (rules.find((candidate) => candidate.id === decision.ruleId) ?? null) : null;
      const source = rule ? 'rule' : integrationPolicyId ? 'integration' : teamPolicyId ? 'team' : decision.policyId ? 'default' : 'none';
      return {
        rule: rule ? routingRuleView(rule) : null,
        escalation_policy_id: decision.policyId,
        source,
        urgency: decision.urgency,
        priority: decision.priority ?? null,
      };
    },
  };
}
