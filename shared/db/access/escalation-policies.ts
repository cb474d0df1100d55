import type { EntityManager } from '@mikro-orm/postgresql';

/** The policy's name; undefined when it is not the organization's. */
export async function escalationPolicyName(em: EntityManager, organizationId: string, policyId: string): Promise<string | undefined> {
  const [row] = await em.execute<Array<{ name: string }>>('select name from escalation_policies where id = ? and organization_id = ?', [
    policyId,
    organizationId,
  ]);
  return row?.name;
}
