import { createAnalyticsStore, type AnalyticsQuery } from '../../../../shared/db/access/analytics.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// The analytics reads on real PostgreSQL: another organization's incidents count in neither the
// raw report nor the rollup, and refreshing one organization's rollup leaves another's alone.
describe('AnalyticsStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  const store = () => createAnalyticsStore(db.em());
  const day = 86_400_000;
  const query: AnalyticsQuery = { from: new Date(Date.now() - 3 * day), to: new Date(Date.now() + day), interval: 'day' };
  const incident = (organizationId: string, severity: string) =>
    db.sql(
      `insert into incidents (id, organization_id, title, severity, source, status, created_at, updated_at, resolved_at)
       values (gen_random_uuid(), ?, 'incident', ?, 'manual', 'resolved', now() - interval '1 day', now(), now() - interval '20 hours')`,
      [organizationId, severity],
    );
  const rollupBuilt = async (organizationId: string) =>
    (await db.sql('select 1 from analytics_rollup_state where organization_id = ?', [organizationId])).length > 0;

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    await incident(ours.id, 'high');
    for (let i = 0; i < 3; i += 1) await incident(theirs.id, 'critical');
  });
  afterAll(() => db?.stop());

  it("reports the organization's own incidents only, raw and through the rollup", async () => {
    const raw = await store().report(ours.id, { ...query, group_by: 'severity' }, 'raw');
    expect(raw.totals.incidents_created).toBe(1);
    expect(raw.groups.map((group) => group.key)).toEqual(['high']);
    await store().refreshRollup(ours.id);
    expect([await rollupBuilt(ours.id), await rollupBuilt(theirs.id)]).toEqual([true, false]);
    expect((await store().report(ours.id, query, 'rollup')).totals.incidents_created).toBe(1);
    expect((await store().report(theirs.id, query, 'raw')).totals.incidents_created).toBe(3);
  });
});
