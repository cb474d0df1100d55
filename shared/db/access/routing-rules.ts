import type { EntityManager } from '@mikro-orm/postgresql';
import type { Matcher } from '../../domain/matchers.ts';
import type { RoutingRuleDefinition, Urgency } from '../../domain/routing.ts';

/** The organization's routing rules in evaluation order (position, then age), disabled ones included. */
export async function routingRulesInOrder(em: EntityManager, organizationId: string): Promise<RoutingRuleDefinition[]> {
  const rows = await em.execute<
    Array<{ id: string; matchers: Matcher[]; escalation_policy_id: string; urgency: Urgency; enabled: boolean }>
  >(
    `select id, matchers, escalation_policy_id, urgency, enabled from routing_rules
     where organization_id = ? order by position, created_at, id`,
    [organizationId],
  );
  return rows.map((row) => ({
    id: row.id,
    matchers: row.matchers,
    policyId: row.escalation_policy_id,
    urgency: row.urgency,
    enabled: row.enabled,
  }));
}
