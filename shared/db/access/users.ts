import type { EntityManager } from '@mikro-orm/postgresql';

/** The member's display name; undefined when they are not in the organization. */
export async function memberName(em: EntityManager, organizationId: string, userId: string): Promise<string | undefined> {
  const [row] = await em.execute<Array<{ name: string }>>('select name from users where id = ? and organization_id = ?', [
    userId,
    organizationId,
  ]);
  return row?.name;
}

/** Which of `userIds` are members of the organization. */
export async function membersAmong(em: EntityManager, organizationId: string, userIds: readonly string[]): Promise<Set<string>> {
  const rows = await em.execute<Array<{ id: string }>>(
    'select id from users where organization_id = ? and id in (select value::uuid from json_array_elements_text(?::json))',
    [organizationId, JSON.stringify(userIds)],
  );
  return new Set(rows.map((row) => row.id));
}
