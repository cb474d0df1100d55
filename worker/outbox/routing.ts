import type { Router, RoutingDecision } from '../../shared/domain/routing.ts';
import type { EscalationCandidate } from '../../shared/db/access/incident-routing.ts';
import type { RelayBatch } from '../../shared/db/access/relay-batch.ts';
import type { OutboxEvent } from './outbox-event.ts';

/**
 * Routes a relay batch's new alert-opened incidents: takes each organization's compiled rules
 * from `routerOf` (the worker's routing-rule cache), picks each incident's rule, policy and
 * urgency (shared/domain/routing.ts), and records them on the incident in the batch's transaction.
 * Severity and platform are the incident's at creation (the event's snapshot), labels those of
 * the alert that opened it.
 */
export async function routeOpenedIncidents(
  batch: Pick<RelayBatch, 'recordRoutingDecisions'>,
  events: readonly OutboxEvent[],
  opened: ReadonlyArray<{ organizationId: string; incidentId: string; row: EscalationCandidate }>,
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
    const fallback = {
      integrationPolicyId: row.integration_policy_id,
      teamPolicyId: row.team_policy_id,
      defaultPolicyId: row.default_policy_id,
    };
    decisions.set(incidentId, (routers.get(organizationId) as Router).route(alert, fallback));
  }
  // The choice on the incident, and on its timeline when it pages.
  await batch.recordRoutingDecisions(
    opened.map(({ organizationId, incidentId }) => ({
      organizationId,
      incidentId,
      decision: decisions.get(incidentId) as RoutingDecision,
    })),
  );
  return decisions;
}

/**
 * The batch's incidents an escalation policy pages: routed to one now, or given one before (by
 * routing, or by hand at creation). Members are not also told of these (notification-rules.ts).
 */
export function pagedByPolicy(
  decisions: ReadonlyMap<string, RoutingDecision>,
  candidates: ReadonlyMap<string, Pick<EscalationCandidate, 'incident_policy_id'>>,
): Set<string> {
  const paged = new Set<string>();
  for (const [incidentId, decision] of decisions) if (decision.policyId) paged.add(incidentId);
  for (const [incidentId, row] of candidates) if (row.incident_policy_id) paged.add(incidentId);
  return paged;
}
