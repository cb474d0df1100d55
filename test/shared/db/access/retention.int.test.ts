import { createRetentionStore } from '../../../../shared/db/access/retention.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// Retention deletes one organization's expired rows at a time: another organization's rows, however
// old, stay. Listing the settings looks at every organization by design (retention runs for all).
describe('RetentionStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  const store = () => createRetentionStore(db.em());
  const log = (organizationId: string, daysAgo: number) =>
    db.sql(
      `insert into log_entries (id, organization_id, timestamp, level, message, service, created_at)
       values (gen_random_uuid(), ?, now(), 'info', 'm', 's', now() - make_interval(days => ?))`,
      [organizationId, daysAgo],
    );
  const logCount = async (organizationId: string) => {
    const [row] = await db.sql<{ n: string }>('select count(*) as n from log_entries where organization_id = ?', [organizationId]);
    return Number(row?.n);
  };

  beforeAll(async () => ({ db, ours, theirs } = await openTwoOrganizations()));
  afterAll(() => db?.stop());

  it("deletes the organization's own expired rows only, in batches of at most the limit", async () => {
    for (const organizationId of [ours.id, theirs.id]) {
      await log(organizationId, 40);
      await log(organizationId, 41);
      await log(organizationId, 1);
    }
    const before = new Date(Date.now() - 30 * 86_400_000).toISOString();
    expect(await store().deleteExpiredBatch(ours.id, 'log_entries', before, 1)).toBe(1);
    expect(await store().deleteExpiredBatch(ours.id, 'log_entries', before, 10)).toBe(1);
    expect(await store().deleteExpiredBatch(ours.id, 'log_entries', before, 10)).toBe(0);
    expect(await logCount(ours.id)).toBe(1);
    expect(await logCount(theirs.id)).toBe(3);
  });

  it("lists every organization's settings", async () => {
    const ids = (await store().settingsAcrossOrganizations()).map((row) => row.id);
    expect(ids).toEqual(expect.arrayContaining([ours.id, theirs.id]));
  });
});
