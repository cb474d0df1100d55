import { createUsageCounterStore } from '../../../../shared/db/access/usage-counters.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// The usage counters on real PostgreSQL: a flush adds each organization's deltas to its own
// counters only, and adds to what is there.
describe('UsageCounterStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  const store = () => createUsageCounterStore(db.em());
  const counters = async (organizationId: string) =>
    (
      await db.sql<{ period: string; metric: string; count: string }>(
        `select to_char(period_start, 'YYYY-MM-DD') as period, metric, count from usage_counters where organization_id = ? order by period, metric`,
        [organizationId],
      )
    ).map((row) => [row.period, row.metric, Number(row.count)]);

  beforeAll(async () => ({ db, ours, theirs } = await openTwoOrganizations()));
  afterAll(() => db?.stop());

  it("adds each organization's deltas to its own counters only", async () => {
    await store().addAcrossOrganizations([{ organizationId: theirs.id, periodStart: '2026-11-01', metric: 'api_requests', delta: 5 }]);
    await store().addAcrossOrganizations([
      { organizationId: ours.id, periodStart: '2026-11-01', metric: 'api_requests', delta: 2 },
      { organizationId: ours.id, periodStart: '2026-12-01', metric: 'search_queries', delta: 1 },
    ]);
    await store().addAcrossOrganizations([{ organizationId: ours.id, periodStart: '2026-11-01', metric: 'api_requests', delta: 3 }]);
    expect(await counters(ours.id)).toEqual([
      ['2026-11-01', 'api_requests', 5],
      ['2026-12-01', 'search_queries', 1],
    ]);
    expect(await counters(theirs.id)).toEqual([['2026-11-01', 'api_requests', 5]]);
  });
});
