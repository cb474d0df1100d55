import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The acknowledgement timeouts that may apply to an incident, in minutes: its routing rule's and
 * its escalation policy's (each null when unset, or when the incident has none).
 */
export async function incidentAckTimeouts(
  em: EntityManager,
  organizationId: string,
  incidentId: string,
): Promise<{ rule: number | null; policy: number | null }> {
  const [row] = await em.execute<Array<{ rule: number | null; policy: number | null }>>(
    `select r.ack_timeout_minutes as rule, p.ack_timeout_minutes as policy
     from incidents i
     left join routing_rules r on r.id = i.routing_rule_id and r.organization_id = i.organization_id
     left join escalation_policies p on p.id = i.escalation_policy_id and p.organization_id = i.organization_id
     where i.id = ? and i.organization_id = ?`,
    [incidentId, organizationId],
  );
  // double precision arrives as a number, or as text through some drivers' parsers.
  const minutes = (value: number | string | null | undefined) => (value === null || value === undefined ? null : Number(value));
  return { rule: minutes(row?.rule), policy: minutes(row?.policy) };
}
