import { createResponderRequestStore } from '../../../../shared/db/access/responder-requests.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// The store on real PostgreSQL: another organization's incidents, targets, members and responder
// requests are invisible to it, and untouched by its writes.
describe('ResponderRequestStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  const incidents = { ours: '', theirs: '' };
  let theirResponder = '';
  let theirSchedule = '';
  let theirPolicy = '';
  const store = () => createResponderRequestStore(db.em());
  const ask = (userId: string, incidentId: string) => ({
    incidentId,
    requestedBy: null,
    message: 'help',
    people: [{ userId, via: 'user' as const, viaId: userId }],
  });
  const statusOf = async (id: string) =>
    (await db.sql<{ status: string }>('select status from incident_responders where id = ?', [id]))[0]?.status;

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    incidents.ours = await db.incident(ours.id, 'ours');
    incidents.theirs = await db.incident(theirs.id, 'theirs');
    theirResponder = (await store().transaction(theirs.id, (unit) => unit.insert(ask(theirs.ownerId, incidents.theirs))))[0]!.id;
    theirSchedule = (
      await db.sql<{ id: string }>(
        `insert into schedules (id, organization_id, name, time_zone, created_at, updated_at)
       values (gen_random_uuid(), ?, 'Theirs', 'UTC', now(), now()) returning id`,
        [theirs.id],
      )
    )[0]!.id;
    theirPolicy = (
      await db.sql<{ id: string }>(
        `insert into escalation_policies (id, organization_id, name, levels, created_at, updated_at)
       values (gen_random_uuid(), ?, 'Theirs', ?::jsonb, now(), now()) returning id`,
        [theirs.id, JSON.stringify([{ targets: [{ type: 'user', id: theirs.ownerId }], delay_minutes: 5 }])],
      )
    )[0]!.id;
  });
  afterAll(() => db?.stop());

  it("reads the organization's own incidents, targets, members and responders only", async () => {
    expect(await store().respondersOf(ours.id, incidents.theirs)).toBeUndefined();
    expect(await store().respondersOf(ours.id, incidents.ours)).toEqual([]);
    expect((await store().respondersOf(theirs.id, incidents.theirs))?.map((row) => row.id)).toEqual([theirResponder]);
    await store().transaction(ours.id, async (unit) => {
      expect(await unit.incident(incidents.theirs, { lock: true })).toBeNull();
      expect((await unit.incident(incidents.ours))?.title).toBe('ours');
      expect(await unit.targetExists('user', theirs.ownerId)).toBe(false);
      expect(await unit.targetExists('user', ours.ownerId)).toBe(true);
      expect(await unit.targetExists('schedule', theirSchedule)).toBe(false);
      expect(await unit.targetExists('escalation_policy', theirPolicy)).toBe(false);
      expect(await unit.policy(theirPolicy)).toBeNull();
      expect(await unit.memberName(theirs.ownerId)).toBeUndefined();
      expect(await unit.responders(incidents.theirs)).toEqual([]);
      expect(await unit.responderForAnswer(incidents.theirs, theirResponder)).toBeUndefined();
    });
    await store().transaction(theirs.id, async (unit) => {
      expect(await unit.targetExists('schedule', theirSchedule)).toBe(true);
      expect((await unit.policy(theirPolicy))?.name).toBe('Theirs');
    });
  });

  it('asks and answers within the organization only', async () => {
    // Another organization's member is never asked, and their request's status is not ours to set.
    expect(await store().transaction(ours.id, (unit) => unit.insert(ask(theirs.ownerId, incidents.ours)))).toEqual([]);
    await store().transaction(ours.id, (unit) => unit.setStatus(theirResponder, 'accepted'));
    expect(await statusOf(theirResponder)).toBe('requested');

    const [ourRequest] = await store().transaction(ours.id, (unit) => unit.insert(ask(ours.ownerId, incidents.ours)));
    await store().transaction(ours.id, (unit) => unit.setStatus(ourRequest!.id, 'declined'));
    expect(await statusOf(ourRequest!.id)).toBe('declined');
    expect((await store().respondersOf(ours.id, incidents.ours))?.map((row) => row.user_id)).toEqual([ours.ownerId]);
  });
});
