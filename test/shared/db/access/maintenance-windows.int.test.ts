import { createMaintenanceWindowStore } from '../../../../shared/db/access/maintenance-windows.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// Every method of the store, on real PostgreSQL: another organization's windows and integrations
// are invisible to it, and untouched by its writes.
describe('MaintenanceWindowStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  let theirWindow: string;
  let theirIntegration: string;
  const store = () => createMaintenanceWindowStore(db.em());
  const fields = (description: string) => ({
    description,
    integrationIds: [],
    startsAt: new Date('2030-01-01T00:00:00Z'),
    endsAt: new Date('2030-01-01T02:00:00Z'),
    rrule: null,
    timeZone: 'UTC',
    createdById: null,
  });

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    theirWindow = (await store().insert(theirs.id, fields('Theirs'))).id;
    const [integration] = await db.sql<{ id: string }>(
      `insert into integrations (id, organization_id, name, platform, secret_ciphertext, created_at, updated_at)
       values (gen_random_uuid(), ?, 'Theirs', 'generic', 'x', now(), now()) returning id`,
      [theirs.id],
    );
    theirIntegration = integration!.id;
  });
  afterAll(() => db?.stop());

  it("reads the organization's own windows, integrations and settings only", async () => {
    expect(await store().list(ours.id, { limit: 10, offset: 0 })).toEqual({ items: [], total: 0 });
    expect((await store().list(theirs.id, { limit: 10, offset: 0 })).total).toBe(1);
    expect(await store().find(ours.id, theirWindow)).toBeUndefined();
    expect((await store().find(theirs.id, theirWindow))?.description).toBe('Theirs');
    expect([...(await store().existingIntegrations(ours.id, [theirIntegration]))]).toEqual([]);
    expect([...(await store().existingIntegrations(theirs.id, [theirIntegration]))]).toEqual([theirIntegration]);
    expect(await store().organizationSettings(ours.id)).toEqual({});
  });

  it("changes and removes the organization's own windows only", async () => {
    expect(await store().update(ours.id, theirWindow, { description: 'Taken' })).toBeUndefined();
    await store().remove(ours.id, theirWindow);
    expect((await store().find(theirs.id, theirWindow))?.description).toBe('Theirs');

    const ourWindow = await store().insert(ours.id, fields('Ours'));
    expect((await store().update(ours.id, ourWindow.id, { description: 'Ours, longer', rrule: 'FREQ=DAILY' }))?.rrule).toBe('FREQ=DAILY');
    expect((await store().list(ours.id, { limit: 10, offset: 0 })).items.map((window) => window.description)).toEqual(['Ours, longer']);
    await store().remove(ours.id, ourWindow.id);
    expect(await store().find(ours.id, ourWindow.id)).toBeUndefined();
    expect((await store().find(theirs.id, theirWindow))?.description).toBe('Theirs');
  });
});
