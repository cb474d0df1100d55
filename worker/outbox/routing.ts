import type { SqlEntityManager } from '@mikro-orm/postgresql';
import type { Matcher } from '../../shared/domain/matchers.ts';
import { buildRouter, type RoutingDecision, type Urgency } from '../../shared/domain/routing.ts';
import type { OutboxEvent } from './outbox-event.ts';

/** What the relay reads of an incident an outbox batch opens or acknowledges. */
export interface EscalationRow {
  incident_id: string;
  integration_id: string | null;
  labels: Record<string, string> | null;
  severity: string;
  source: string;
  integration_policy_id: string | null;
  default_policy_id: string | null;
  org_has_policy: boolean;
}

interface RoutingRuleRow {
  id: string;
  organization_id: string;
  matchers: Matcher[];
  escalation_policy_id: string;
  urgency: Urgency;
  enabled: boolean;
}

const NO_ROUTING_RULES = buildRouter([]);

/**
 * Routes a relay batch's new alert-opened incidents: loads the routing rules of their
 * organizations (one query, only when the batch opens incidents), picks each incident's rule,
 * policy and urgency (shared/domain/routing.ts), and records them on the incident in the batch's
 * transaction. Severity and platform are the incident's at creation (the event's snapshot), labels
 * those of the alert that opened it.
 */
export async function routeOpenedIncidents(
  em: SqlEntityManager,
  events: readonly OutboxEvent[],
  opened: ReadonlyArray<{ organizationId: string; incidentId: string; row: EscalationRow }>,
): Promise<Map<string, RoutingDecision>> {
  const decisions = new Map<string, RoutingDecision>();
  if (opened.length === 0) return decisions;
  const rules = await em.execute<RoutingRuleRow[]>(
    `select id, organization_id, matchers, escalation_policy_id, urgency, enabled from routing_rules
     where organization_id in (select value::uuid from json_array_elements_text(?::json))
     order by organization_id, position, created_at, id`,
    [JSON.stringify([...new Set(opened.map((item) => item.organizationId))])],
  );
  const routers = new Map(
    [...Map.groupBy(rules, (rule) => rule.organization_id)].map(([organizationId, ofOrganization]) => [
      organizationId,
      buildRouter(
        ofOrganization.map((rule) => ({
          id: rule.id,
          matchers: rule.matchers,
          policyId: rule.escalation_policy_id,
          urgency: rule.urgency,
          enabled: rule.enabled,
        })),
      ),
    ]),
  );
  const snapshots = new Map(
    events
      .filter((event) => event.type === 'incident.created' && event.incident_id)
      .map((event) => [event.incident_id as string, (event.data.incident ?? {}) as { severity?: unknown; source?: unknown }]),
  );
  for (const { organizationId, incidentId, row } of opened) {
    const snapshot = snapshots.get(incidentId);
    const alert = {
      labels: row.labels ?? {},
      severity: typeof snapshot?.severity === 'string' ? snapshot.severity : row.severity,
      platform: typeof snapshot?.source === 'string' ? snapshot.source : row.source,
      integrationId: row.integration_id ?? '',
    };
    const fallback = { integrationPolicyId: row.integration_policy_id, defaultPolicyId: row.default_policy_id };
    decisions.set(incidentId, (routers.get(organizationId) ?? NO_ROUTING_RULES).route(alert, fallback));
  }
  await em.execute(
    `update incidents inc set routing_rule_id = d.rule_id, escalation_policy_id = d.policy_id, urgency = d.urgency
     from jsonb_to_recordset(?::jsonb) as d(incident_id uuid, organization_id uuid, rule_id uuid, policy_id uuid, urgency text)
     where inc.id = d.incident_id and inc.organization_id = d.organization_id`,
    [
      JSON.stringify(
        opened.map(({ organizationId, incidentId }) => {
          const decision = decisions.get(incidentId) as RoutingDecision;
          return {
            incident_id: incidentId,
            organization_id: organizationId,
            rule_id: decision.ruleId,
            policy_id: decision.policyId,
            urgency: decision.urgency,
          };
        }),
      ),
    ],
  );
  return decisions;
}
