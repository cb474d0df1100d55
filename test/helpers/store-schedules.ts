import type { StoreDatabase } from './store-database.ts';

/** A schedule of the organization with a daily rotation of `users` since a day ago, and one override by `users[0]`. */
export async function seedSchedule(db: StoreDatabase, organizationId: string, name: string, users: string[]): Promise<string> {
  const start = new Date(Date.now() - 86_400_000).toISOString();
  const layers = [{ id: crypto.randomUUID(), kind: 'rotation', users, rotation: 'daily', handoff_time: '09:00', start, restrictions: [] }];
  const [schedule] = await db.sql<{ id: string }>(
    `insert into schedules (id, organization_id, name, time_zone, layers, created_at, updated_at)
     values (gen_random_uuid(), ?, ?, 'UTC', ?::jsonb, now(), now()) returning id`,
    [organizationId, name, JSON.stringify(layers)],
  );
  await db.sql(
    `insert into schedule_overrides (id, organization_id, schedule_id, user_id, start_at, end_at, created_at)
     values (gen_random_uuid(), ?, ?, ?, now(), now() + interval '1 hour', now())`,
    [organizationId, schedule!.id, users[0]],
  );
  return schedule!.id;
}
