import { createScheduleIcalFeedStore } from '../../../../shared/db/access/schedule-ical-feeds.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';
import { seedSchedule } from '../../../helpers/store-schedules.ts';

// Every method of the store, on real PostgreSQL: another organization's calendars are invisible to
// it, and untouched by the writes it stages.
describe('ScheduleIcalFeedStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  let ourSchedule: string;
  let theirSchedule: string;
  const theirLayer = crypto.randomUUID();
  const ourLayer = crypto.randomUUID();
  /** Stages the writes and flushes them, as the schedule's unit of work does. */
  const stage = async (
    organizationId: string,
    scheduleId: string,
    writes: Parameters<ReturnType<typeof createScheduleIcalFeedStore>['stage']>[2],
  ) => {
    const em = db.em();
    await createScheduleIcalFeedStore(em).stage(organizationId, scheduleId, writes);
    await em.flush();
  };
  const theirRow = async () =>
    (
      await db.sql<{ url_sealed: string; event_count: number }>('select url_sealed, event_count from schedule_ical_feeds where id = ?', [
        theirLayer,
      ])
    )[0];

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    ourSchedule = await seedSchedule(db, ours.id, 'Ours', [ours.ownerId]);
    theirSchedule = await seedSchedule(db, theirs.id, 'Theirs', [theirs.ownerId]);
    await stage(theirs.id, theirSchedule, {
      created: [{ id: theirLayer, urlSealed: 'sealed-theirs', urlHint: 'theirs' }],
      changed: [],
      removed: [],
    });
    await db.sql('update schedule_ical_feeds set event_count = 3 where id = ?', [theirLayer]);
  });
  afterAll(() => db?.stop());

  it("reads the organization's own calendars only", async () => {
    const store = createScheduleIcalFeedStore(db.em());
    expect([...(await store.sealedUrls(ours.id, theirSchedule, [theirLayer]))]).toEqual([]);
    expect([...(await store.sealedUrls(theirs.id, theirSchedule, [theirLayer]))]).toEqual([[theirLayer, 'sealed-theirs']]);
    expect([...(await store.statusOf(ours.id, [theirSchedule]))]).toEqual([]);
    expect((await store.statusOf(theirs.id, [theirSchedule])).get(theirLayer)?.eventCount).toBe(3);
  });

  it("changes and removes the organization's own calendars only", async () => {
    await stage(ours.id, theirSchedule, {
      created: [],
      changed: [{ id: theirLayer, urlSealed: 'changed', urlHint: 'x', reset: true }],
      removed: [],
    });
    await stage(ours.id, ourSchedule, {
      created: [],
      changed: [{ id: theirLayer, urlSealed: 'changed', urlHint: 'x', reset: true }],
      removed: [theirLayer],
    });
    expect(await theirRow()).toEqual({ url_sealed: 'sealed-theirs', event_count: 3 });

    await stage(ours.id, ourSchedule, { created: [{ id: ourLayer, urlSealed: 'sealed-ours', urlHint: 'ours' }], changed: [], removed: [] });
    await db.sql('update schedule_ical_feeds set event_count = 2 where id = ?', [ourLayer]);
    await stage(ours.id, ourSchedule, {
      created: [],
      changed: [{ id: ourLayer, urlSealed: 'new', urlHint: 'new', reset: true }],
      removed: [],
    });
    const status = await createScheduleIcalFeedStore(db.em()).statusOf(ours.id, [ourSchedule]);
    expect(status.get(ourLayer)).toMatchObject({ urlHint: 'new', eventCount: 0 });
    await stage(ours.id, ourSchedule, { created: [], changed: [], removed: [ourLayer] });
    expect([...(await createScheduleIcalFeedStore(db.em()).statusOf(ours.id, [ourSchedule]))]).toEqual([]);
    expect(await theirRow()).toEqual({ url_sealed: 'sealed-theirs', event_count: 3 });
  });

  it("fetches and records into the organization's own calendars only", async () => {
    const store = createScheduleIcalFeedStore(db.em());
    expect(await store.feed(ours.id, theirSchedule, theirLayer)).toBeUndefined();
    expect((await store.feed(theirs.id, theirSchedule, theirLayer))?.urlSealed).toBe('sealed-theirs');
    expect((await store.members(ours.id)).map((member) => member.id)).toEqual([ours.ownerId]);

    const at = new Date();
    const failed = { lastFetchedAt: at, lastError: 'The calendar server answered HTTP 500' };
    const fetched = { scheduleId: theirSchedule, layerId: theirLayer, urlSealed: 'sealed-theirs' };
    expect(await store.recordFetch(ours.id, fetched, failed, true)).toBe(false);
    expect((await store.statusOf(theirs.id, [theirSchedule])).get(theirLayer)?.lastError).toBeNull();
    const events = () =>
      db.sql<{ n: string }>("select count(*) as n from domain_events where type = 'schedule.updated' and organization_id = ?", [ours.id]);
    expect(Number((await events())[0]?.n)).toBe(0);

    expect(await store.recordFetch(theirs.id, { ...fetched, urlSealed: 'rewritten meanwhile' }, failed, true)).toBe(false);
    expect(await store.recordFetch(theirs.id, fetched, failed, true)).toBe(true);
    expect((await store.statusOf(theirs.id, [theirSchedule])).get(theirLayer)?.lastError).toBe(failed.lastError);
    const [theirEvents] = await db.sql<{ n: string }>(
      "select count(*) as n from domain_events where type = 'schedule.updated' and organization_id = ?",
      [theirs.id],
    );
    expect(Number(theirEvents?.n)).toBe(1);
  });
});
