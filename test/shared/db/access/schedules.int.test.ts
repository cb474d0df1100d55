import { createScheduleIcalFeedStore } from '../../../../shared/db/access/schedule-ical-feeds.ts';
import { createScheduleOnCall } from '../../../../shared/db/access/schedule-on-call.ts';
import { createScheduleStore } from '../../../../shared/db/access/schedules.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';
import { seedSchedule } from '../../../helpers/store-schedules.ts';

// Every method of the store and of its unit of work, on real PostgreSQL: another organization's
// schedules, overrides, calendars, members and teams are invisible to it, and untouched by its writes.
describe('ScheduleStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  let ourSchedule: string;
  let theirSchedule: string;
  let ourTeam: string;
  let theirTeam: string;
  let theirOverride: string;
  const ourLayer = crypto.randomUUID();
  const theirLayer = crypto.randomUUID();
  const store = () => createScheduleStore(db.em());
  const everything = { from: new Date(0) };
  const team = async (organizationId: string) =>
    (
      await db.sql<{ id: string }>(
        `insert into teams (id, organization_id, name, created_at, updated_at) values (gen_random_uuid(), ?, 'Storage', now(), now()) returning id`,
        [organizationId],
      )
    )[0]!.id;
  const calendar = async (organizationId: string, scheduleId: string, layerId: string) => {
    const em = db.em();
    await createScheduleIcalFeedStore(em).stage(organizationId, scheduleId, {
      created: [{ id: layerId, urlSealed: 'sealed', urlHint: 'calendar.example' }],
      changed: [],
      removed: [],
    });
    await em.flush();
  };
  const count = async (table: string, column: string, id: string) =>
    Number((await db.sql<{ n: string }>(`select count(*) as n from ${table} where ${column} = ?`, [id]))[0]?.n);

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    ourSchedule = await seedSchedule(db, ours.id, 'Ours', [ours.ownerId]);
    theirSchedule = await seedSchedule(db, theirs.id, 'Theirs', [theirs.ownerId]);
    [ourTeam, theirTeam] = [await team(ours.id), await team(theirs.id)];
    await db.sql('update schedules set team_id = ? where id = ?', [ourTeam, ourSchedule]);
    await db.sql('update schedules set team_id = ? where id = ?', [theirTeam, theirSchedule]);
    await calendar(ours.id, ourSchedule, ourLayer);
    await calendar(theirs.id, theirSchedule, theirLayer);
    theirOverride = (await db.sql<{ id: string }>('select id from schedule_overrides where schedule_id = ?', [theirSchedule]))[0]!.id;
  });
  afterAll(() => db?.stop());

  it("lists and finds the organization's own schedules only", async () => {
    expect((await store().list(ours.id, { limit: 10, offset: 0 })).items.map((schedule) => schedule.id)).toEqual([ourSchedule]);
    expect((await store().list(ours.id, { limit: 10, offset: 0 })).total).toBe(1);
    expect((await store().list(ours.id, { limit: 10, offset: 0, teamId: theirTeam })).items).toEqual([]);
    expect((await store().list(ours.id, { limit: 10, offset: 0, teamId: ourTeam })).items.map((schedule) => schedule.id)).toEqual([
      ourSchedule,
    ]);
    expect(await store().find(ours.id, theirSchedule)).toBeUndefined();
    expect((await store().find(ours.id, ourSchedule))?.name).toBe('Ours');
  });

  it("reads the organization's own overrides, calendars and members only", async () => {
    const overrides = await store().overridesOf(ours.id, [ourSchedule, theirSchedule], everything);
    expect(overrides.map((override) => override.schedule.id)).toEqual([ourSchedule]);
    expect([...(await store().icalStatusOf(ours.id, [ourSchedule, theirSchedule])).keys()]).toEqual([ourLayer]);
    expect([...(await store().importedEvents(ours.id, [ourSchedule, theirSchedule])).keys()]).toEqual([ourLayer]);
    expect(await store().hasIcalLayer(ours.id, theirSchedule, theirLayer)).toBe(false);
    expect(await store().hasIcalLayer(theirs.id, theirSchedule, theirLayer)).toBe(true);
    expect([...(await store().memberNames(ours.id, [ours.ownerId, theirs.ownerId])).keys()]).toEqual([ours.ownerId]);
  });

  it("answers who is on call from the organization's own schedules, at its own version", async () => {
    const snapshot = await store().onCallSnapshot(ours.id, Date.now());
    expect(snapshot.at(Date.now()).map(({ schedule, shift }) => [schedule.id, shift?.user])).toEqual([[ourSchedule, ours.ownerId]]);
    const onCall = createScheduleOnCall({ orm: db.orm });
    expect(await onCall(ours.id, theirSchedule, new Date())).toEqual([]);
    expect(await onCall(theirs.id, theirSchedule, new Date())).toEqual([theirs.ownerId]);
    const before = await store().scheduleVersion(ours.id);
    const theirsBefore = await store().scheduleVersion(theirs.id);
    await db.sql(`update schedules set name = 'Theirs renamed' where id = ?`, [theirSchedule]);
    expect(await store().scheduleVersion(ours.id)).toBe(before);
    expect(await store().scheduleVersion(theirs.id)).not.toBe(theirsBefore);
  });

  it("reads the organization's own rows inside a transaction", async () => {
    await store().transaction(ours.id, async (unit) => {
      expect(await unit.find(theirSchedule)).toBeUndefined();
      expect((await unit.find(ourSchedule))?.id).toBe(ourSchedule);
      expect(await unit.count()).toBe(1);
      expect([...(await unit.existingUsers([ours.ownerId, theirs.ownerId]))]).toEqual([ours.ownerId]);
      expect(await unit.isTeam(theirTeam)).toBe(false);
      expect(await unit.isTeam(ourTeam)).toBe(true);
      const always = [new Date(0), new Date(Date.now() + 86_400_000)] as const;
      expect(await unit.overridesOverlapping(theirSchedule, ...always)).toBe(0);
      expect(await unit.overridesOverlapping(ourSchedule, ...always)).toBe(1);
      expect(await unit.findOverride(theirSchedule, theirOverride)).toBeUndefined();
      expect(await unit.icalFeeds.sealedUrls(ours.id, theirSchedule, [theirLayer])).toEqual(new Map());
    });
  });

  it("writes the organization's own rows only, all of them at the end", async () => {
    const { scheduleId, overrideId } = await store().transaction(ours.id, async (unit) => {
      const schedule = unit.insert({ name: 'New', description: null, timeZone: 'UTC', layers: [], teamId: null });
      const override = unit.insertOverride(schedule, {
        userId: ours.ownerId,
        startAt: new Date(),
        endAt: new Date(Date.now() + 3_600_000),
        createdBy: ours.ownerId,
      });
      unit.recordUpdated({ schedule_id: schedule.id, reason: 'created' });
      expect(await count('schedules', 'id', schedule.id)).toBe(0);
      return { scheduleId: schedule.id, overrideId: override.id };
    });
    const organizationOf = async (table: string, id: string) =>
      (await db.sql<{ organization_id: string }>(`select organization_id from ${table} where id = ?`, [id]))[0]?.organization_id;
    expect(await organizationOf('schedules', scheduleId)).toBe(ours.id);
    expect(await organizationOf('schedule_overrides', overrideId)).toBe(ours.id);
    const events = await db.sql<{ organization_id: string }>(`select organization_id from domain_events where data->>'schedule_id' = ?`, [
      scheduleId,
    ]);
    expect(events.map((event) => event.organization_id)).toEqual([ours.id]);

    await store().transaction(ours.id, async (unit) => {
      unit.removeOverride((await unit.findOverride(scheduleId, overrideId))!);
      unit.remove((await unit.find(scheduleId))!);
    });
    expect(await count('schedules', 'id', scheduleId)).toBe(0);
    expect(await count('schedules', 'id', theirSchedule)).toBe(1);
    expect(await count('schedule_overrides', 'schedule_id', theirSchedule)).toBe(1);
    expect(await count('schedule_ical_feeds', 'schedule_id', theirSchedule)).toBe(1);
  });

  it('writes nothing when the work throws', async () => {
    let scheduleId = '';
    await expect(
      store().transaction(ours.id, async (unit) => {
        scheduleId = unit.insert({ name: 'Doomed', description: null, timeZone: 'UTC', layers: [], teamId: null }).id;
        await unit.count();
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await count('schedules', 'id', scheduleId)).toBe(0);
  });
  it("answers a schedule target from the organization's snapshot, a write since at once, and an instant before the snapshot's reach afresh", async () => {
    const start = new Date(Date.now() - 10 * 86_400_000).toISOString();
    const layers = [
      {
        id: crypto.randomUUID(),
        kind: 'rotation',
        users: [ours.ownerId],
        rotation: 'daily',
        handoff_time: '09:00',
        start,
        restrictions: [],
      },
    ];
    const [{ id: scheduleId }] = (await db.sql<{ id: string }>(
      `insert into schedules (id, organization_id, name, time_zone, layers, created_at, updated_at)
       values (gen_random_uuid(), ?, 'Snapshot', 'UTC', ?::jsonb, now(), now()) returning id`,
      [ours.id, JSON.stringify(layers)],
    )) as [{ id: string }];
    const onCall = createScheduleOnCall({ orm: db.orm });
    const threeDaysAgo = () => new Date(Date.now() - 3 * 86_400_000);
    expect(await onCall(ours.id, scheduleId, new Date())).toEqual([ours.ownerId]);
    expect(await onCall(ours.id, scheduleId, threeDaysAgo())).toEqual([ours.ownerId]);
    expect(await onCall(theirs.id, scheduleId, new Date())).toEqual([]);
    await db.sql(`update schedules set layers = '[]'::jsonb where id = ?`, [scheduleId]);
    expect(await onCall(ours.id, scheduleId, new Date())).toEqual([]);
    expect(await onCall(ours.id, scheduleId, threeDaysAgo())).toEqual([]);
    await db.sql('delete from schedules where id = ?', [scheduleId]);
    expect(await onCall(ours.id, scheduleId, new Date())).toEqual([]);
  });
});
