import type { EntityManager } from '@mikro-orm/postgresql';
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
