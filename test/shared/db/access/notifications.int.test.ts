import { randomUUID } from 'node:crypto';
import { createNotificationStore } from '../../../../shared/db/access/notifications.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// Every method of the store, on real PostgreSQL: another organization's notifications are invisible
// to its reads and untouched by its writes.
describe('NotificationStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  const store = () => createNotificationStore(db.em());
  const notification = async (organization: SeededOrganization) => {
    const id = randomUUID();
    await db.sql(
      `insert into notifications (id, organization_id, user_id, type, title, data, event_id, created_at)
       values (?, ?, ?, 'incident_assigned', 'Assigned', '{}'::jsonb, gen_random_uuid(), now())`,
      [id, organization.id, organization.ownerId],
    );
    return id;
  };
  const isMailed = async (id: string) =>
    (await db.sql<{ mailed: boolean }>('select mailed_at is not null as mailed from notifications where id = ?', [id]))[0]?.mailed;

  beforeAll(async () => ({ db, ours, theirs } = await openTwoOrganizations()));
  afterAll(() => db?.stop());

  it("reads and marks the organization's own unmailed notifications only", async () => {
    const ourNotification = await notification(ours);
    const theirNotification = await notification(theirs);
    await store().awaitEventsSettled(ours.id, [randomUUID()]);
    expect((await store().unmailed(ours.id, [ourNotification, theirNotification])).map((row) => [row.id, row.email])).toEqual([
      [ourNotification, ours.ownerEmail],
    ]);

    await store().markMailed(ours.id, [ourNotification, theirNotification]);
    expect(await isMailed(ourNotification)).toBe(true);
    expect(await isMailed(theirNotification)).toBe(false);
    expect(await store().unmailed(ours.id, [ourNotification])).toEqual([]);
    expect((await store().unmailed(theirs.id, [theirNotification])).map((row) => row.id)).toEqual([theirNotification]);
  });

  it("lists and marks read the organization's own user's notifications only", async () => {
    const ourNotification = await notification(ours);
    const theirNotification = await notification(theirs);
    const page = { limit: 50, offset: 0 };
    expect((await store().listOfUser(ours.id, theirs.ownerId, page)).total).toBe(0);
    expect((await store().listOfUser(ours.id, ours.ownerId, page)).items.map((row) => row.id)).toContain(ourNotification);
    expect((await store().listOfUser(ours.id, ours.ownerId, page)).items.map((row) => row.id)).not.toContain(theirNotification);

    expect(await store().setRead(ours.id, theirs.ownerId, theirNotification, true)).toBeUndefined();
    expect(await store().setRead(ours.id, ours.ownerId, theirNotification, true)).toBeUndefined();
    expect((await store().listOfUser(theirs.id, theirs.ownerId, { ...page, unread: true })).items.map((row) => row.id)).toContain(
      theirNotification,
    );

    expect((await store().setRead(ours.id, ours.ownerId, ourNotification, true))?.readAt).toBeInstanceOf(Date);
    expect((await store().listOfUser(ours.id, ours.ownerId, { ...page, unread: false })).items.map((row) => row.id)).toEqual([
      ourNotification,
    ]);
  });
});
