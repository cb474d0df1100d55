import type { GroupingSettings } from '../../shared/domain/alert-grouping.ts';
import type { RoutingRuleRecord, RoutingRuleStore, RoutingRuleUnit } from '../../shared/db/access/routing-rules.ts';
import type { Priority } from '../../shared/domain/priority.ts';
import { boundLabels } from '../../shared/domain/alert.ts';
import { formatMatcher, formatMatchers, type Matcher } from '../../shared/domain/matchers.ts';
import { buildRouter, MAX_ROUTING_RULES, type Urgency } from '../../shared/domain/routing.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../shared/errors.ts';
import type { AuthContext } from '../auth-context.ts';
import type { RoutingRuleView, RoutingTestView } from '../schemas/routing-rule.schemas.ts';

export type RoutingRuleService = ReturnType<typeof createRoutingRuleService>;

export const routingRuleView = (rule: RoutingRuleRecord): RoutingRuleView => ({
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

/** The stored fields a rule's runbook input sets. */
const runbookFields = (runbook: RuleInput['runbook'] | null) => ({
  remediationProcedureId: runbook?.procedure_id ?? null,
  remediationAutoApprove: runbook?.auto_approve ?? false,
  remediationResolves: runbook?.resolve_incident ?? true,
});

/** The ids in their new order: `id` moved to `position` (clamped to the end) among `ids`, which hold it or not yet. */
const placed = (ids: readonly string[], id: string, position: number | undefined): string[] => {
  const others = ids.filter((candidate) => candidate !== id);
  const at = position === undefined ? others.length : Math.min(position, others.length);
  others.splice(at, 0, id);
  return others;
};

const idsOf = (rules: ReadonlyArray<{ id: string }>) => rules.map((rule) => rule.id);

/**
 * Routing rules CRUD within the caller's organization. Every write takes the organization row's
 * lock and renumbers positions 0..n-1, so concurrent reorders take turns and the order never has
 * gaps or ties.
 */
export function createRoutingRuleService(deps: { rules: () => RoutingRuleStore }) {
  /** 422 unless each named policy, team and procedure is the organization's. */
  const assertReferences = async (unit: RoutingRuleUnit, input: RuleInput) => {
    if (input.escalation_policy_id !== undefined && !(await unit.hasPolicy(input.escalation_policy_id)))
      throw new ValidationError([{ path: 'body.escalation_policy_id', message: 'no such escalation policy in this organization' }]);
    if (input.team_id && !(await unit.hasTeam(input.team_id)))
      throw new ValidationError([{ path: 'body.team_id', message: 'no such team in this organization' }]);
    if (input.runbook && !(await unit.hasProcedure(input.runbook.procedure_id)))
      throw new ValidationError([{ path: 'body.runbook.procedure_id', message: 'no such procedure in this organization' }]);
  };

  const saved = async (unit: RoutingRuleUnit, id: string) => (await unit.saved([id]))[0] as RoutingRuleRecord;

  return {
    async list(auth: AuthContext, query: { limit: number; offset: number; team_id?: string }) {
      const { items, total } = await deps
        .rules()
        .list(auth.organizationId, { limit: query.limit, offset: query.offset, ...(query.team_id ? { teamId: query.team_id } : {}) });
      return { items: items.map(routingRuleView), total };
    },

    async get(auth: AuthContext, id: string) {
      const rule = await deps.rules().find(auth.organizationId, id);
      if (!rule) throw new NotFoundError('Routing rule');
      return routingRuleView(rule);
    },

    async create(
      auth: AuthContext,
      input: Required<Pick<RuleInput, 'name' | 'matchers' | 'escalation_policy_id' | 'urgency' | 'enabled'>> & RuleInput,
    ) {
      const rule = await deps.rules().transaction(auth.organizationId, async (unit) => {
        const rules = await unit.lockRules();
        await assertReferences(unit, input);
        if (rules.length >= MAX_ROUTING_RULES) throw new ConflictError(`An organization keeps at most ${MAX_ROUTING_RULES} routing rules`);
        const id = unit.insert({
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
        unit.order(placed(idsOf(rules), id, input.position));
        return saved(unit, id);
      });
      return routingRuleView(rule);
    },

    async update(auth: AuthContext, id: string, input: RuleInput) {
      const rule = await deps.rules().transaction(auth.organizationId, async (unit) => {
        const rules = await unit.lockRules();
        if (!rules.some((candidate) => candidate.id === id)) throw new NotFoundError('Routing rule');
        await assertReferences(unit, input);
        unit.update(id, {
          teamId: input.team_id,
          name: input.name,
          matchers: input.matchers,
          escalationPolicyId: input.escalation_policy_id,
          urgency: input.urgency,
          enabled: input.enabled,
          ackTimeoutMinutes: input.ack_timeout_minutes,
          grouping: input.grouping,
          priority: input.priority,
          ...(input.runbook !== undefined ? runbookFields(input.runbook) : {}),
        });
        if (input.position !== undefined) unit.order(placed(idsOf(rules), id, input.position));
        return saved(unit, id);
      });
      return routingRuleView(rule);
    },

    async remove(auth: AuthContext, id: string) {
      await deps.rules().transaction(auth.organizationId, async (unit) => {
        const rules = await unit.lockRules();
        if (!rules.some((candidate) => candidate.id === id)) throw new NotFoundError('Routing rule');
        unit.remove(id);
        unit.order(rules.filter((candidate) => candidate.id !== id).map((candidate) => candidate.id));
      });
    },

    /** Sets the whole order at once; the list must name every rule of the organization exactly once. */
    async reorder(auth: AuthContext, ruleIds: string[]) {
      const rules = await deps.rules().transaction(auth.organizationId, async (unit) => {
        const rules = await unit.lockRules();
        const known = new Set(rules.map((rule) => rule.id));
        const unknown = ruleIds.flatMap((ruleId, index) =>
          known.has(ruleId) ? [] : [{ path: `body.rule_ids.${index}`, message: 'no such routing rule in this organization' }],
        );
        const missing = rules.filter((rule) => !ruleIds.includes(rule.id));
        if (unknown.length || missing.length)
          throw new ValidationError([
            ...unknown,
            ...(missing.length
              ? [{ path: 'body.rule_ids', message: `every rule must be listed; missing: ${missing.map((rule) => rule.id).join(', ')}` }]
              : []),
          ]);
        unit.order(ruleIds);
        return unit.saved(ruleIds);
      });
      return { items: rules.map(routingRuleView), total: rules.length };
    },

    /**
     * Which rule, policy and urgency an incident opened by this alert would get; reads only. The
     * labels are bounded and matching budgeted as at ingestion; a cut-off is a 422 naming why.
     */
    async test(
      auth: AuthContext,
      input: { labels: Record<string, string>; severity: string; platform?: string; integration_id?: string },
    ): Promise<RoutingTestView> {
      const store = deps.rules();
      const integration = input.integration_id ? await store.integration(auth.organizationId, input.integration_id) : undefined;
      if (input.integration_id && !integration) throw new NotFoundError('Integration');
      const [rules, defaultPolicyId] = await Promise.all([store.inOrder(auth.organizationId), store.defaultPolicyId(auth.organizationId)]);
      const integrationPolicyId = integration?.escalationPolicyId ?? null;
      const teamPolicyId = integration?.teamId ? await store.teamPolicyId(auth.organizationId, integration.teamId) : null;
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
        { integrationPolicyId, teamPolicyId, defaultPolicyId },
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
