import { createLogEntryStore } from '../../../../shared/db/access/logs.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// Every method of the store, on real PostgreSQL: another organization's log lines are invisible to
// every listing, whatever the filter, and untouched by its writes.
describe('LogEntryStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  let ourIds: string[];
  const store = () => createLogEntryStore(db.em());
  const line = (message: string, timestamp: string) => ({
    timestamp: new Date(timestamp),
    level: 'error',
    message,
    service: 'api',
    attributes: { pod: 'a' },
  });
  const page = { limit: 10, offset: 0 };

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    ourIds = await store().insertAll(ours.id, [line('disk full on db1', '2026-01-01T10:00:00Z'), line('timeout', '2026-01-01T11:00:00Z')]);
    await store().insertAll(theirs.id, [line('disk full on db2', '2026-01-01T10:30:00Z')]);
  });
  afterAll(() => db?.stop());

  it("lists the organization's own lines only, whatever the filter", async () => {
    const all = await store().list(ours.id, {}, page);
    expect(all.items.map((item) => item.id)).toEqual([...ourIds].reverse());
    expect(all.total).toBe(2);
    expect((await store().list(ours.id, { text: 'disk' }, page)).items.map((item) => item.message)).toEqual(['disk full on db1']);
    expect((await store().list(ours.id, { level: 'error', service: 'api' }, page)).total).toBe(2);
    const window = { from: new Date('2026-01-01T10:15:00Z'), to: new Date('2026-01-01T10:45:00Z') };
    expect((await store().list(ours.id, window, page)).total).toBe(0);
    expect((await store().list(theirs.id, window, page)).items.map((item) => item.message)).toEqual(['disk full on db2']);
  });

  it("writes the organization's own lines only", async () => {
    const [id] = await store().insertAll(ours.id, [line('later', '2026-01-02T00:00:00Z')]);
    const [row] = await db.sql<{ organization_id: string }>('select organization_id from log_entries where id = ?', [id]);
    expect(row?.organization_id).toBe(ours.id);
    expect((await store().list(theirs.id, {}, page)).total).toBe(1);
  });
});
