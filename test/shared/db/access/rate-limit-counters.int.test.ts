import { createRateLimitCounterStore } from '../../../../shared/db/access/rate-limit-counters.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// The rate limiter's reads and writes on real PostgreSQL: a plan is read for the organization (or
// the integration's organization) named only, and a flush adds to the buckets it names only.
describe('RateLimitCounterStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  let theirIntegration: string;
  const store = () => createRateLimitCounterStore(db.em());
  const window = '2030-01-01T10:00:00.000Z';

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    await db.sql(`update organizations set plan = 'enterprise' where id = ?`, [theirs.id]);
    const [integration] = await db.sql<{ id: string }>(
      `insert into integrations (id, organization_id, name, platform, secret_ciphertext, created_at, updated_at)
       values (gen_random_uuid(), ?, 'APM', 'generic', 'sealed', now(), now()) returning id`,
      [theirs.id],
    );
    theirIntegration = integration!.id;
  });
  afterAll(() => db?.stop());

  it('reads the plan of the organization named, or of the organization owning the integration', async () => {
    expect(await store().planOfOrganization(ours.id)).toBe('free');
    expect(await store().planOfOrganization(theirs.id)).toBe('enterprise');
    expect(await store().planOfIntegrationAcrossOrganizations(theirIntegration)).toBe('enterprise');
    expect(await store().planOfIntegrationAcrossOrganizations('00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  it('adds to the buckets named only, and prunes finished windows', async () => {
    await store().addAcrossOrganizations([{ key: `search:${theirs.id}`, window_start: window, delta: 4 }]);
    const answer = await store().addAcrossOrganizations([
      { key: `search:${ours.id}`, window_start: window, delta: 1 },
      { key: `search:${theirs.id}`, window_start: window, delta: 0 },
    ]);
    expect(answer.map((row) => [row.key, Number(row.count)]).sort()).toEqual(
      [
        [`search:${ours.id}`, 1],
        [`search:${theirs.id}`, 4],
      ].sort(),
    );
    await store().pruneAcrossOrganizations(new Date('2030-01-01T10:00:00.000Z'));
    expect(await db.sql('select key from rate_limit_counters')).toHaveLength(2);
    await store().pruneAcrossOrganizations(new Date('2030-01-01T11:00:00.000Z'));
    expect(await db.sql('select key from rate_limit_counters')).toHaveLength(0);
  });
});
