import type { EntityManager } from '@mikro-orm/postgresql';
import type { EscalationPolicySnapshot } from '../../domain/escalation.ts';
import { plannedPolicy } from '../../domain/escalation-round-robin.ts';

/** The policy's name; undefined when it is not the organization's. */
export async function escalationPolicyName(em: EntityManager, organizationId: string, policyId: string): Promise<string | undefined> {
  const [row] = await em.execute<Array<{ name: string }>>('select name from escalation_policies where id = ? and organization_id = ?', [
    policyId,
    organizationId,
  ]);
  return row?.name;
}

/**
 * The policy as it is now, as an escalation runs it (round-robin levels unrolled, one target per
 * level); undefined when it is not the organization's (or was deleted).
 */
export async function escalationPolicySnapshot(
  em: EntityManager,
  organizationId: string,
  policyId: string,
): Promise<EscalationPolicySnapshot | undefined> {
  const [row] = await em.execute<EscalationPolicySnapshot[]>(
    'select id, name, levels, repeat from escalation_policies where id = ? and organization_id = ?',
    [policyId, organizationId],
  );
  return row ? plannedPolicy({ id: row.id, name: row.name, levels: row.levels, repeat: row.repeat }) : undefined;
}
