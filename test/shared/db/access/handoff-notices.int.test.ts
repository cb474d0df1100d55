import { createHandoffNoticeStore, createHandoffPreferenceStore } from '../../../../shared/db/access/handoff-notices.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';
import { seedSchedule } from '../../../helpers/store-schedules.ts';

// Every method of the stores, on real PostgreSQL: another organization's handoff choices are
// invisible to them, and untouched by their writes.
describe('HandoffPreferenceStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  const preferences = () => createHandoffPreferenceStore(db.em());
  const storedFor = (userId: string) =>
    db.sql<{ organization_id: string; notice_minutes: number | null }>(
      'select organization_id, notice_minutes from handoff_preferences where user_id = ?',
      [userId],
    );

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    await preferences().savePreference(theirs.id, theirs.ownerId, { noticeMinutes: 30, notifyOnShiftEnd: true });
  });
  afterAll(() => db?.stop());

  it("reads the organization's own members' choices only", async () => {
    expect(await preferences().preferenceOf(theirs.id, theirs.ownerId)).toEqual({ noticeMinutes: 30, notifyOnShiftEnd: true });
    expect(await preferences().preferenceOf(ours.id, theirs.ownerId)).toEqual({ noticeMinutes: null, notifyOnShiftEnd: false });
  });

  it("writes the organization's own members' choices only", async () => {
    await preferences().savePreference(ours.id, theirs.ownerId, { noticeMinutes: 5, notifyOnShiftEnd: false });
    expect(await storedFor(theirs.ownerId)).toEqual([{ organization_id: theirs.id, notice_minutes: 30 }]);

    const other = await db.organization('other');
    await preferences().savePreference(ours.id, other.ownerId, { noticeMinutes: 5, notifyOnShiftEnd: false });
    expect(await storedFor(other.ownerId)).toEqual([]);

    await preferences().savePreference(ours.id, ours.ownerId, { noticeMinutes: 15, notifyOnShiftEnd: false });
    expect(await preferences().preferenceOf(ours.id, ours.ownerId)).toEqual({ noticeMinutes: 15, notifyOnShiftEnd: false });
    expect(await preferences().preferenceOf(theirs.id, theirs.ownerId)).toEqual({ noticeMinutes: 30, notifyOnShiftEnd: true });
  });
});

describe('HandoffNoticeStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  let ourSchedule: string;
  let theirSchedule: string;
  const notices = () => createHandoffNoticeStore(db.em());
  const hour = 3_600_000;
  const window = { from: Date.now() - 86_400_000, to: Date.now() + 86_400_000 };
  const noticeOf = (user: string, scheduleId: string) => ({
    user,
    scheduleId,
    kind: 'start' as const,
    shiftStart: Date.now() + hour,
    shiftEnd: Date.now() + 2 * hour,
    sendAt: Date.now() - hour,
  });
  const theirRows = () =>
    db.sql<{ id: string; sent: boolean }>('select id, sent_at is not null as sent from handoff_notices where organization_id = ?', [
      theirs.id,
    ]);

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    ourSchedule = await seedSchedule(db, ours.id, 'Ours', [ours.ownerId]);
    theirSchedule = await seedSchedule(db, theirs.id, 'Theirs', [theirs.ownerId]);
    await createHandoffPreferenceStore(db.em()).savePreference(theirs.id, theirs.ownerId, { noticeMinutes: 30, notifyOnShiftEnd: false });
    await notices().savePlan(theirs.id, [noticeOf(theirs.ownerId, theirSchedule)]);
  });
  afterAll(() => db?.stop());

  it("reads the organization's own choices, schedules, notices and incidents only", async () => {
    expect([...(await notices().preferences(ours.id)).keys()]).toEqual([]);
    expect([...(await notices().preferences(theirs.id)).keys()]).toEqual([theirs.ownerId]);
    expect((await notices().schedules(ours.id, window)).map((schedule) => schedule.id)).toEqual([ourSchedule]);
    expect(await notices().nextDueAt(ours.id)).toBeNull();
    expect(await notices().nextDueAt(theirs.id)).not.toBeNull();
    expect(await notices().inheritedIncidents(ours.id, theirSchedule, 10)).toEqual([]);
  });

  it("plans, claims and releases the organization's own notices only", async () => {
    const [theirNotice] = await theirRows();
    await notices().savePlan(ours.id, [noticeOf(theirs.ownerId, theirSchedule), noticeOf(ours.ownerId, theirSchedule)]);
    await notices().savePlan(ours.id, []);
    expect(await theirRows()).toEqual([{ id: theirNotice!.id, sent: false }]);
    expect(await notices().claimDue(ours.id, new Date(), 10)).toEqual([]);
    expect(await theirRows()).toEqual([{ id: theirNotice!.id, sent: false }]);

    expect((await notices().claimDue(theirs.id, new Date(), 10)).map((notice) => notice.id)).toEqual([theirNotice!.id]);
    await notices().release(ours.id, theirNotice!.id);
    expect(await theirRows()).toEqual([{ id: theirNotice!.id, sent: true }]);
    await notices().release(theirs.id, theirNotice!.id);
    expect(await theirRows()).toEqual([{ id: theirNotice!.id, sent: false }]);

    await notices().savePlan(ours.id, [noticeOf(ours.ownerId, ourSchedule)]);
    expect((await notices().claimDue(ours.id, new Date(), 10)).map((notice) => notice.user_id)).toEqual([ours.ownerId]);
    expect(await theirRows()).toEqual([{ id: theirNotice!.id, sent: false }]);
  });
});
