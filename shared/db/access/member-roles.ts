import type { EntityManager } from '@mikro-orm/postgresql';

/** The member's role in the organization; undefined when they are not in it (or deactivated). */
export async function memberRole(em: EntityManager, organizationId: string, userId: string): Promise<string | undefined> {
  const [row] = await em.execute<Array<{ role: string }>>('select role from users where id = ? and organization_id = ?', [
    userId,
    organizationId,
  ]);
  return row?.role;
}
