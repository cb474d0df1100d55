import type { EntityManager } from '@mikro-orm/postgresql';

/** The member's display name; undefined when they are not in the organization. */
export async function memberName(em: EntityManager, organizationId: string, userId: string): Promise<string | undefined> {
  const [row] = await em.execute<Array<{ name: string }>>('select name from users where id = ? and organization_id = ?', [
    userId,
    organizationId,
  ]);
  return row?.name;
}
