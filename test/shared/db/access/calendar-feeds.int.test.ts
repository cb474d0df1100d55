import { createCalendarFeedStore } from '../../../../shared/db/access/calendar-feeds.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';
import { seedSchedule } from '../../../helpers/store-schedules.ts';

// Every method of the store, on real PostgreSQL: another organization's feeds, members and
// schedules are invisible to it, and untouched by its writes.
describe('CalendarFeedStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  let ourSchedule: string;
  const store = () => createCalendarFeedStore(db.em());
  const window = { from: Date.now() - 86_400_000, to: Date.now() + 86_400_000 };
  const theirFeed = () => db.sql<{ token_hash: string }>('select token_hash from calendar_feeds where user_id = ?', [theirs.ownerId]);

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    ourSchedule = await seedSchedule(db, ours.id, 'Ours', [ours.ownerId]);
    await seedSchedule(db, theirs.id, 'Theirs', [theirs.ownerId]);
    await store().replace(theirs.id, theirs.ownerId, 'a'.repeat(64));
  });
  afterAll(() => db?.stop());

  it("reads the organization's own feeds, members and schedules only", async () => {
    expect(await store().feedOf(ours.id, theirs.ownerId)).toBeUndefined();
    expect(await store().feedOf(theirs.id, theirs.ownerId)).toBeDefined();
    expect(await store().member(ours.id, theirs.ownerId)).toBeUndefined();
    expect((await store().member(ours.id, ours.ownerId))?.id).toBe(ours.ownerId);
    const schedules = await store().schedules(ours.id, window);
    expect(schedules.map((schedule) => schedule.id)).toEqual([ourSchedule]);
    expect(schedules[0]!.definition.overrides.map((override) => override.user)).toEqual([ours.ownerId]);
  });

  it('opens a feed by its secret whichever organization holds it: the one cross-organization lookup', async () => {
    expect(await store().findByTokenHashAcrossOrganizations('a'.repeat(64))).toEqual({ organizationId: theirs.id, userId: theirs.ownerId });
    expect(await store().findByTokenHashAcrossOrganizations('b'.repeat(64))).toBeUndefined();
  });

  it("replaces and removes the organization's own members' feeds only", async () => {
    await store().remove(ours.id, theirs.ownerId);
    expect(await store().replace(ours.id, theirs.ownerId, 'c'.repeat(64))).toBeUndefined();
    expect(await theirFeed()).toEqual([{ token_hash: 'a'.repeat(64) }]);

    await store().replace(ours.id, ours.ownerId, 'd'.repeat(64));
    expect(await store().replace(ours.id, ours.ownerId, 'e'.repeat(64))).toBeDefined();
    expect(await store().findByTokenHashAcrossOrganizations('d'.repeat(64))).toBeUndefined();
    expect(await store().findByTokenHashAcrossOrganizations('e'.repeat(64))).toEqual({ organizationId: ours.id, userId: ours.ownerId });
    await store().remove(ours.id, ours.ownerId);
    expect(await store().feedOf(ours.id, ours.ownerId)).toBeUndefined();
    expect(await theirFeed()).toEqual([{ token_hash: 'a'.repeat(64) }]);
  });
});
