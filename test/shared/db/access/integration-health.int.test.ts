import { createIntegrationHealthStore } from '../../../../shared/db/access/integrations.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// The health store's reads on real PostgreSQL: an organization's failing platforms are its own
// integrations' only, whatever another organization's integrations are doing.
describe('IntegrationHealthStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  const store = () => createIntegrationHealthStore(db.em());
  const integration = async (
    organizationId: string,
    platform: string,
    state: { enabled?: boolean; status?: string; consecutiveFailures?: number },
  ) => {
    await db.sql(
      `insert into integrations (id, organization_id, name, platform, enabled, status, consecutive_failures, secret_ciphertext, created_at, updated_at)
       values (gen_random_uuid(), ?, 'Hook', ?, ?, ?, ?, 'sealed', now(), now())`,
      [organizationId, platform, state.enabled ?? true, state.status ?? 'connected', state.consecutiveFailures ?? 0],
    );
  };

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    await integration(ours.id, 'apm', { consecutiveFailures: 3 });
    await integration(ours.id, 'generic', { status: 'connected', consecutiveFailures: 2 });
    await integration(ours.id, 'pager', { enabled: false, status: 'error' });
    await integration(theirs.id, 'generic', { status: 'error' });
    await integration(theirs.id, 'infra_monitor', { consecutiveFailures: 9 });
  });
  afterAll(() => db?.stop());

  it("names the organization's own enabled, failing platforms only", async () => {
    expect(await store().failingPlatforms(ours.id, 3)).toEqual(['apm']);
    expect((await store().failingPlatforms(ours.id, 2)).sort()).toEqual(['apm', 'generic']);
    expect((await store().failingPlatforms(theirs.id, 3)).sort()).toEqual(['generic', 'infra_monitor']);
  });

  it('answers a ping while PostgreSQL does', async () => {
    await expect(store().ping()).resolves.toBeUndefined();
  });
});
