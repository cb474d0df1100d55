import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Revokes the key and every key minted with it, recursively, in one statement; returns the ids it
 * revoked. Keys never cross organizations (a child is created in its parent's); the condition says so anyway.
 */
export async function revokeApiKeyFamily(em: EntityManager, organizationId: string, id: string): Promise<string[]> {
  const revoked = await em.execute<Array<{ id: string }>>(
    `with recursive minted as (
       select id from api_keys where id = ? and organization_id = ?
       union
       select k.id from api_keys k join minted m on k.created_by_key_id = m.id where k.organization_id = ?
     )
     update api_keys set revoked_at = now() where id in (select id from minted) and revoked_at is null returning id`,
    [id, organizationId, organizationId],
  );
  return revoked.map((row) => row.id);
}

/** Records when the key was last used. */
export async function touchApiKey(em: EntityManager, id: string, at: Date): Promise<void> {
  await em.execute('update api_keys set last_used_at = ? where id = ?', [at, id], 'run');
}
