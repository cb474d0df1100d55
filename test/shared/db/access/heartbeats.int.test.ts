import { createHeartbeatStore, type HeartbeatFields } from '../../../../shared/db/access/heartbeats.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// Every organization-scoped method of the store, on real PostgreSQL: another organization's
// heartbeats and integrations are invisible to it, and untouched by its writes.
describe('HeartbeatStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  let ourIntegration: string;
  let theirIntegration: string;
  let theirHeartbeat: string;
  const store = () => createHeartbeatStore(db.em());
  const fields = (integrationId: string, name: string): HeartbeatFields => ({
    name,
    description: null,
    integrationId,
    periodSeconds: 300,
    graceSeconds: 60,
    severity: 'high',
    title: null,
    alertName: 'Watchdog',
    armedAt: new Date(),
  });
  const integration = async (organizationId: string) => {
    const [row] = await db.sql<{ id: string }>(
      `insert into integrations (id, organization_id, name, platform, secret_ciphertext, created_at, updated_at)
       values (gen_random_uuid(), ?, 'Cron', 'generic', 'sealed', now(), now()) returning id`,
      [organizationId],
    );
    return row!.id;
  };

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    ourIntegration = await integration(ours.id);
    theirIntegration = await integration(theirs.id);
    theirHeartbeat = (await store().insert(theirs.id, { ...fields(theirIntegration, 'Backups'), tokenHash: 'theirs', createdById: null }))
      .id;
  });
  afterAll(() => db?.stop());

  it("sees the organization's own heartbeats and integrations only", async () => {
    expect(await store().hasIntegration(ours.id, ourIntegration)).toBe(true);
    expect(await store().hasIntegration(ours.id, theirIntegration)).toBe(false);
    expect(await store().list(ours.id, { limit: 10, offset: 0 })).toEqual({ items: [], total: 0 });
    expect(await store().find(ours.id, theirHeartbeat)).toBeUndefined();
    expect((await store().find(theirs.id, theirHeartbeat))?.name).toBe('Backups');
  });

  it("changes and removes the organization's own heartbeats only", async () => {
    expect(await store().update(ours.id, theirHeartbeat, { name: 'Taken', tokenHash: 'taken' })).toBeUndefined();
    await store().remove(ours.id, theirHeartbeat);
    const [row] = await db.sql<{ name: string; token_hash: string }>('select name, token_hash from heartbeats where id = ?', [
      theirHeartbeat,
    ]);
    expect(row).toEqual({ name: 'Backups', token_hash: 'theirs' });

    const own = await store().insert(ours.id, { ...fields(ourIntegration, 'Nightly'), tokenHash: 'ours', createdById: ours.ownerId });
    expect((await store().update(ours.id, own.id, { name: 'Nightly job', title: 'Late' }))?.title).toBe('Late');
    expect((await store().list(ours.id, { limit: 10, offset: 0 })).items.map((heartbeat) => heartbeat.name)).toEqual(['Nightly job']);
    await store().remove(ours.id, own.id);
    expect(await store().find(ours.id, own.id)).toBeUndefined();
  });

  it('finds a heartbeat by its ping secret, whichever organization it is of', async () => {
    expect(await store().byToken('theirs')).toMatchObject({ id: theirHeartbeat, organizationId: theirs.id });
    expect(await store().stampPing(theirHeartbeat)).toBe('up');
  });

  it("locks, transitions and reads alerts of the organization's own heartbeats only", async () => {
    const lapse = { transition: { status: 'down' as const, lapseCount: 7, lapsedAt: new Date() }, result: 'locked' };
    let worked = 0;
    const work = () => (worked++, lapse);
    expect(await store().underLock(ours.id, theirHeartbeat, work)).toBeNull();
    expect(worked).toBe(0);
    expect(await store().alertSource(ours.id, theirHeartbeat)).toBeNull();
    const [row] = await db.sql<{ status: string; lapse_count: number }>('select status, lapse_count from heartbeats where id = ?', [
      theirHeartbeat,
    ]);
    expect(row).toEqual({ status: 'up', lapse_count: 0 });

    const own = await store().insert(ours.id, { ...fields(ourIntegration, 'Hourly'), tokenHash: 'hourly', createdById: null });
    expect(await store().underLock(ours.id, own.id, (locked) => ({ ...lapse, result: locked.status }))).toBe('up');
    expect(await store().find(ours.id, own.id)).toMatchObject({ status: 'down', lapseCount: 7 });
    expect(await store().alertSource(ours.id, own.id)).toMatchObject({
      name: 'Hourly',
      integrationId: ourIntegration,
      platform: 'generic',
    });
  });
});
