import { createHandoffPreferenceStore } from '../../../../shared/db/access/handoff-notices.ts';
import { openStoreDatabase, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

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
    db = await openStoreDatabase();
    ours = await db.organization('ours');
    theirs = await db.organization('theirs');
    await preferences().savePreference(theirs.id, theirs.ownerId, { noticeMinutes: 30, notifyOnShiftEnd: true });
  });
  afterAll(async () => {
    await db?.stop();
  });

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
