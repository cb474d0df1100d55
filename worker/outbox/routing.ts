import type { SqlEntityManager } from '@mikro-orm/postgresql';
import type { Router, RoutingDecision } from '../../shared/domain/routing.ts';
import { uuidv7 } from '../../shared/uuidv7.ts';
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

/**
 * Routes a relay batch's new alert-opened incidents: takes each organization's compiled rules
 * from `routerOf` (the worker's routing-rule cache), picks each incident's rule, policy and
 * urgency (shared/domain/routing.ts), and records them on the incident in the batch's transaction.
 * Severity and platform are the incident's at creation (the event's snapshot), labels those of
 * the alert that opened it.
 */
export async function routeOpenedIncidents(
  em: SqlEntityManager,
  events: readonly OutboxEvent[],
  opened: ReadonlyArray<{ organizationId: string; incidentId: string; row: EscalationRow }>,
  routerOf: (organizationId: string) => Promise<Router>,
): Promise<Map<string, RoutingDecision>> {
  const decisions = new Map<string, RoutingDecision>();
  if (opened.length === 0) return decisions;
  const organizationIds = [...new Set(opened.map((item) => item.organizationId))];
  const routers = new Map(
    await Promise.all(organizationIds.map(async (organizationId) => [organizationId, await routerOf(organizationId)] as const)),
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
    decisions.set(incidentId, (routers.get(organizationId) as Router).route(alert, fallback));
  }
  // The choice on the incident, and on its timeline when it pages (naming the rule and policy as they are now).
  await em.execute(
    `with routed as (
       update incidents inc set routing_rule_id = d.rule_id, escalation_policy_id = d.policy_id, urgency = d.urgency
       from jsonb_to_recordset(?::jsonb) as d(incident_id uuid, organization_id uuid, rule_id uuid, policy_id uuid, urgency text, entry_id uuid)
       where inc.id = d.incident_id and inc.organization_id = d.organization_id
       returning inc.id, inc.organization_id, d.rule_id, d.policy_id, d.urgency, d.entry_id)
     insert into incident_timeline (id, organization_id, incident_id, type, message, actor_id, data, created_at)
     select r.entry_id, r.organization_id, r.id, 'routed',
       case when rule.id is null then 'Pages through escalation policy "' || p.name || '" (urgency ' || r.urgency || ')'
         else 'Routed by rule "' || rule.name || '" to escalation policy "' || p.name || '" (urgency ' || r.urgency || ')' end,
       null, jsonb_build_object('routing_rule_id', r.rule_id, 'escalation_policy_id', r.policy_id, 'urgency', r.urgency), now()
     from routed r
     join escalation_policies p on p.id = r.policy_id and p.organization_id = r.organization_id
     left join routing_rules rule on rule.id = r.rule_id and rule.organization_id = r.organization_id`,
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
            entry_id: uuidv7(),
          };
        }),
      ),
    ],
  );
  return decisions;
}
