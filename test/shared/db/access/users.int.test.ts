import { randomUUID } from 'node:crypto';
import { createUserStore } from '../../../../shared/db/access/users.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';
import { seedSchedule } from '../../../helpers/store-schedules.ts';

// Every method of the store, on real PostgreSQL: another organization's members (and the schedules
// naming them) are invisible to it, and untouched by its writes.
describe('UserStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  const store = () => createUserStore(db.em());
  const member = async (organizationId: string, name: string, role = 'engineer') => {
    const id = randomUUID();
    await db.sql(
      `insert into users (id, organization_id, email, name, role, password_hash, created_at, updated_at)
       values (?, ?, ?, ?, ?, 'x', now(), now())`,
      [id, organizationId, `${name}-${id.slice(0, 8)}@example.test`, name, role],
    );
    return id;
  };
  const nameOf = async (id: string) => (await db.sql<{ name: string }>('select name from users where id = ?', [id]))[0]?.name;

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    await member(theirs.id, 'Second owner', 'owner');
  });
  afterAll(() => db?.stop());

  it("lists and finds the organization's own members only", async () => {
    expect((await store().list(ours.id, { limit: 10, offset: 0 })).items.map((user) => user.id)).toEqual([ours.ownerId]);
    expect(await store().list(ours.id, { search: theirs.ownerEmail, limit: 10, offset: 0 })).toEqual({ items: [], total: 0 });
    expect((await store().list(ours.id, { role: 'owner', limit: 10, offset: 0 })).total).toBe(1);
    expect((await store().list(theirs.id, { role: 'owner', limit: 10, offset: 0 })).total).toBe(2);
    expect(await store().find(ours.id, theirs.ownerId)).toBeUndefined();
    expect(await store().find(ours.id, ours.ownerId)).toMatchObject({ organizationId: ours.id, email: ours.ownerEmail, role: 'owner' });
  });

  it('treats % and _ in a search as literal characters', async () => {
    await member(ours.id, 'Percent 100%');
    expect((await store().list(ours.id, { search: '0%', limit: 10, offset: 0 })).items.map((user) => user.name)).toEqual(['Percent 100%']);
    expect((await store().list(ours.id, { search: '_', limit: 10, offset: 0 })).total).toBe(0);
  });

  it("counts, changes and removes the organization's own members only", async () => {
    await store().withOrganizationLocked(ours.id, async (members) => {
      expect(await members.ownerCount()).toBe(1);
      expect(await members.find(theirs.ownerId)).toBeUndefined();
      expect(await members.update(theirs.ownerId, { name: 'Taken', role: 'viewer' })).toBeUndefined();
      await members.remove(theirs.ownerId, new Date());
    });
    expect(await nameOf(theirs.ownerId)).toBe(`Owner of ${theirs.name}`);
    expect(await store().find(theirs.id, theirs.ownerId)).toMatchObject({ role: 'owner' });

    const engineer = await member(ours.id, 'Engineer');
    const renamed = await store().withOrganizationLocked(ours.id, (members) =>
      members.update(engineer, { name: 'Renamed', role: 'viewer' }),
    );
    expect(renamed).toMatchObject({ name: 'Renamed', role: 'viewer' });
    await store().withOrganizationLocked(ours.id, (members) => members.remove(engineer, new Date()));
    expect(await nameOf(engineer)).toBeUndefined();
  });

  it("takes a removed member out of the organization's own schedules only", async () => {
    const engineer = await member(ours.id, 'On call');
    const ourSchedule = await seedSchedule(db, ours.id, 'Ours', [engineer, ours.ownerId]);
    // A schedule of another organization that names our member (it cannot happen through the API).
    const theirSchedule = await seedSchedule(db, theirs.id, 'Theirs', [engineer, theirs.ownerId]);
    await store().withOrganizationLocked(ours.id, (members) => members.remove(engineer, new Date()));
    const layerUsers = async (id: string) =>
      (await db.sql<{ layers: Array<{ users: string[] }> }>('select layers from schedules where id = ?', [id]))[0]?.layers[0]?.users;
    expect(await layerUsers(ourSchedule)).toEqual([ours.ownerId]);
    expect(await layerUsers(theirSchedule)).toEqual([engineer, theirs.ownerId]);
    const events = await db.sql<{ organization_id: string }>(`select organization_id from domain_events where data->>'user_id' = ?`, [
      engineer,
    ]);
    expect(events.map((event) => event.organization_id)).toEqual([ours.id]);
  });

  it('rolls back what the work wrote when it throws', async () => {
    const engineer = await member(ours.id, 'Kept');
    await expect(
      store().withOrganizationLocked(ours.id, async (members) => {
        await members.update(engineer, { name: 'Lost' });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await nameOf(engineer)).toBe('Kept');
  });
});
