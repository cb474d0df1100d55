import { createScheduleSwapStore } from '../../../../shared/db/access/schedule-swaps.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// Every method of the store, on real PostgreSQL: another organization's schedules, members and
// swap requests are invisible to it, and untouched by its writes.
describe('ScheduleSwapStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  let ourSchedule: string;
  let theirSchedule: string;
  let theirRequest: string;
  const store = () => createScheduleSwapStore(db.em());
  const range = { startAt: new Date('2030-01-01T00:00:00Z'), endAt: new Date('2030-01-01T08:00:00Z') };
  const schedule = async (organizationId: string) => {
    const [row] = await db.sql<{ id: string }>(
      `insert into schedules (id, organization_id, name, time_zone, layers, created_at, updated_at)
       values (gen_random_uuid(), ?, 'Primary', 'UTC', '[]'::jsonb, now(), now()) returning id`,
      [organizationId],
    );
    return row!.id;
  };
  const statusOf = async (id: string) =>
    (
      await db.sql<{ status: string; override_id: string | null }>('select status, override_id from schedule_swap_requests where id = ?', [
        id,
      ])
    )[0];

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    ourSchedule = await schedule(ours.id);
    theirSchedule = await schedule(theirs.id);
    const request = { requesterId: theirs.ownerId, targetUserId: null, message: null, ...range };
    theirRequest = (await store().insert(theirs.id, theirSchedule, request))!.id;
  });
  afterAll(() => db?.stop());

  it("sees the organization's own schedules, members and requests only", async () => {
    expect(await store().hasSchedule(ours.id, ourSchedule)).toBe(true);
    expect(await store().hasSchedule(ours.id, theirSchedule)).toBe(false);
    expect(await store().isMember(ours.id, ours.ownerId)).toBe(true);
    expect(await store().isMember(ours.id, theirs.ownerId)).toBe(false);
    expect((await store().list(ours.id, theirSchedule, { limit: 10, offset: 0 })).total).toBe(0);
    expect((await store().list(theirs.id, theirSchedule, { limit: 10, offset: 0 })).total).toBe(1);
    expect(await store().find(ours.id, theirSchedule, theirRequest)).toBeUndefined();
  });

  it("asks for cover on the organization's own schedules only", async () => {
    const onTheirs = await store().insert(ours.id, theirSchedule, {
      requesterId: ours.ownerId,
      targetUserId: null,
      message: null,
      ...range,
    });
    expect(onTheirs).toBeUndefined();
    const onOurs = await store().insert(ours.id, ourSchedule, {
      requesterId: ours.ownerId,
      targetUserId: null,
      message: 'cover?',
      ...range,
    });
    expect(onOurs).toMatchObject({ scheduleId: ourSchedule, status: 'open', message: 'cover?' });
    expect((await store().list(ours.id, ourSchedule, { limit: 10, offset: 0, status: 'open' })).items.map((r) => r.id)).toEqual([
      onOurs!.id,
    ]);
  });

  it("answers the organization's own requests only", async () => {
    expect(await store().setStatus(ours.id, theirRequest, 'cancelled', ours.ownerId)).toBeUndefined();
    expect(await store().accept(ours.id, theirSchedule, theirRequest, ours.ownerId)).toBeUndefined();
    expect(await statusOf(theirRequest)).toEqual({ status: 'open', override_id: null });
    const [overrides] = await db.sql<{ n: string }>('select count(*) as n from schedule_overrides where schedule_id = ?', [theirSchedule]);
    expect(Number(overrides?.n)).toBe(0);

    const overrideId = await store().accept(theirs.id, theirSchedule, theirRequest, theirs.ownerId);
    expect(await statusOf(theirRequest)).toEqual({ status: 'accepted', override_id: overrideId });
    expect(await store().accept(theirs.id, theirSchedule, theirRequest, theirs.ownerId)).toBeUndefined();
  });
});
