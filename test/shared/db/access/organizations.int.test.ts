import { createOrganizationStore } from '../../../../shared/db/access/organizations.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// The organization store on real PostgreSQL: a rename or settings change reaches the organization
// given only, and a failed settings change writes nothing.
describe('OrganizationStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  const store = () => createOrganizationStore(db.em());

  beforeAll(async () => ({ db, ours, theirs } = await openTwoOrganizations()));
  afterAll(() => db?.stop());

  it('reads and changes the organization given only', async () => {
    expect((await store().find(ours.id)).name).toBe(ours.name);
    expect((await store().rename(ours.id, 'Renamed')).name).toBe('Renamed');
    expect(await store().updateSettings(ours.id, (current) => ({ ...(current as object), timezone: 'Europe/Paris' }))).toEqual({
      timezone: 'Europe/Paris',
    });
    const theirsNow = await store().find(theirs.id);
    expect([theirsNow.name, theirsNow.settings]).toEqual([theirs.name, {}]);
    expect((await store().find(ours.id)).settings).toEqual({ timezone: 'Europe/Paris' });
  });

  it('keeps the settings when the change throws', async () => {
    await expect(
      store().updateSettings(ours.id, () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect((await store().find(ours.id)).settings).toEqual({ timezone: 'Europe/Paris' });
  });

  it('finds no organization by another id', async () => {
    await expect(store().find('00000000-0000-4000-8000-000000000000')).rejects.toThrow();
  });
});
