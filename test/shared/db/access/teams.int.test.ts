import { createTeamStore } from '../../../../shared/db/access/teams.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// Every method of the store, on real PostgreSQL: another organization's teams, members, schedules
// and policies are invisible to it, and untouched by its writes.
describe('TeamStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  let ourTeam: string;
  let theirTeam: string;
  let theirPolicy: string;
  const store = () => createTeamStore(db.em());
  const fields = (name: string) => ({ name, description: null, defaultEscalationPolicyId: null });

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    ourTeam = (await store().insert(ours.id, fields('Storage'), [{ userId: ours.ownerId, role: 'manager' }])).id;
    theirTeam = (await store().insert(theirs.id, fields('Storage'), [{ userId: theirs.ownerId, role: 'manager' }])).id;
    const [policy] = await db.sql<{ id: string }>(
      `insert into escalation_policies (id, organization_id, name, levels, created_at, updated_at)
       values (gen_random_uuid(), ?, 'Theirs', ?::jsonb, now(), now()) returning id`,
      [theirs.id, JSON.stringify([{ targets: [{ type: 'team', id: theirTeam }], delay_minutes: 5 }])],
    );
    theirPolicy = policy!.id;
  });
  afterAll(() => db?.stop());

  it("lists and finds the organization's own teams only", async () => {
    expect((await store().list(ours.id, { limit: 10, offset: 0 })).items.map((team) => team.id)).toEqual([ourTeam]);
    expect((await store().list(ours.id, { limit: 10, offset: 0, userId: theirs.ownerId })).items).toEqual([]);
    expect((await store().list(ours.id, { limit: 10, offset: 0, userId: ours.ownerId })).total).toBe(1);
    expect((await store().find(ours.id, ourTeam))?.name).toBe('Storage');
    expect(await store().find(ours.id, theirTeam)).toBeUndefined();
  });

  it("reads the organization's own members, users and policies only", async () => {
    expect((await store().membersOf(ours.id, [ourTeam, theirTeam])).map((member) => member.email)).toEqual([ours.ownerEmail]);
    expect([...(await store().existingUsers(ours.id, [ours.ownerId, theirs.ownerId]))]).toEqual([ours.ownerId]);
    expect(await store().isMember(ours.id, theirTeam, theirs.ownerId)).toBe(false);
    expect(await store().memberCount(ours.id, theirTeam)).toBe(0);
    expect(await store().memberCount(theirs.id, theirTeam)).toBe(1);
    expect(await store().isPolicy(ours.id, theirPolicy)).toBe(false);
    expect(await store().isPolicy(theirs.id, theirPolicy)).toBe(true);
    expect(await store().policiesPaging(ours.id, theirTeam)).toEqual([]);
    expect((await store().policiesPaging(theirs.id, theirTeam)).map((policy) => policy.id)).toEqual([theirPolicy]);
  });

  it("changes the organization's own teams and members only", async () => {
    expect(await store().update(ours.id, theirTeam, { name: 'Taken' })).toBeUndefined();
    expect(await store().removeMember(ours.id, theirTeam, theirs.ownerId)).toBe(false);
    await store().putMember(ours.id, theirTeam, theirs.ownerId, 'member');
    await store().remove(ours.id, theirTeam);
    const theirsNow = await store().find(theirs.id, theirTeam);
    expect(theirsNow?.name).toBe('Storage');
    expect((await store().membersOf(theirs.id, [theirTeam])).map((member) => member.role)).toEqual(['manager']);
    const [rows] = await db.sql<{ n: string }>('select count(*) as n from team_members where team_id = ?', [theirTeam]);
    expect(Number(rows?.n)).toBe(1);

    expect((await store().update(ours.id, ourTeam, { name: 'Storage renamed' }))?.name).toBe('Storage renamed');
    await store().putMember(ours.id, ourTeam, ours.ownerId, 'member');
    expect((await store().membersOf(ours.id, [ourTeam])).map((member) => member.role)).toEqual(['member']);
    expect(await store().removeMember(ours.id, ourTeam, ours.ownerId)).toBe(true);
    await store().remove(ours.id, ourTeam);
    expect(await store().find(ours.id, ourTeam)).toBeUndefined();
  });

  it("makes members of the organization's own users only", async () => {
    const team = await store().insert(ours.id, fields('Mixed'), [
      { userId: ours.ownerId, role: 'member' },
      { userId: theirs.ownerId, role: 'member' },
    ]);
    await store().putMember(ours.id, team.id, theirs.ownerId, 'manager');
    expect((await store().membersOf(ours.id, [team.id])).map((member) => member.userId)).toEqual([ours.ownerId]);
    const [rows] = await db.sql<{ n: string }>('select count(*) as n from team_members where team_id = ?', [team.id]);
    expect(Number(rows?.n)).toBe(1);
  });

  it('keeps names unique per organization, ignoring case', async () => {
    await store().insert(ours.id, fields('Web'), []);
    await expect(store().insert(ours.id, fields('WEB'), [])).rejects.toThrow();
    await expect(store().insert(theirs.id, fields('Web'), [])).resolves.toMatchObject({ name: 'Web' });
  });
});
