import type { EntityManager } from '@mikro-orm/core';

/** The platforms of the organization's enabled integrations whose deliveries are failing (status `error`, or `failingAfter` failures in a row). */
export async function failingPlatforms(em: EntityManager, organizationId: string, failingAfter: number): Promise<string[]> {
  const rows: Array<{ platform: string }> = await em
    .getConnection()
    .execute(
      `select distinct platform from integrations where organization_id = ? and enabled and (status = 'error' or consecutive_failures >= ?)`,
      [organizationId, failingAfter],
    );
  return rows.map((row) => row.platform);
}

/** Answers when PostgreSQL does; throws when it cannot be reached. */
export async function pingDatabase(em: EntityManager): Promise<void> {
  await em.getConnection().execute('select 1');
}
