import { randomUUID } from 'node:crypto';
import { createIncident } from '../../../../shared/db/access/incidents.ts';
import { addSubscriber, insertStatusUpdate } from '../../../../shared/db/access/status-pages.ts';
import { createStatusUpdateMailStore } from '../../../../shared/db/access/status-update-mails.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// The store on real PostgreSQL: an organization neither reads, claims nor marks the mails of
// another organization's status updates.
describe('StatusUpdateMailStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  const updates = { ours: '', theirs: '' };
  const subscribers = { ours: '', theirs: '' };
  const store = () => createStatusUpdateMailStore(db.em());
  const sentAt = async (updateId: string) =>
    (await db.sql<{ sent_at: string | null }>('select sent_at from status_update_mails where status_update_id = ?', [updateId])).map(
      (row) => row.sent_at,
    );

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    const em = db.em();
    for (const organization of [ours, theirs]) {
      const key = organization === ours ? 'ours' : 'theirs';
      const incident = createIncident(em, { organizationId: organization.id, title: `${key} outage`, severity: 'high', source: 'manual' });
      await em.flush();
      const update = await insertStatusUpdate(em, {
        id: randomUUID(),
        organization_id: organization.id,
        incident_id: incident.id,
        kind: 'investigating',
        title: 'Slow logins',
        body: 'Looking into it',
        visibility: 'public',
        author_id: organization.ownerId,
      });
      updates[key] = update.id;
      const subscriber = await addSubscriber(em, {
        id: randomUUID(),
        organization_id: organization.id,
        incident_id: null,
        email: `${key}@example.test`,
        user_id: null,
        confirmed: true,
      });
      subscribers[key] = subscriber.id;
    }
  });
  afterAll(() => db?.stop());

  it("reads the organization's own updates only", async () => {
    expect((await store().updateForMail(ours.id, updates.ours))?.incident_title).toBe('ours outage');
    expect(await store().updateForMail(ours.id, updates.theirs)).toBeNull();
    expect((await store().updateForMail(theirs.id, updates.theirs))?.public_name).toBe('Slow logins');
  });

  it("claims and marks the mails of the organization's own updates only", async () => {
    expect(await store().claim(ours.id, updates.theirs)).toEqual([]);
    expect(await sentAt(updates.theirs)).toEqual([]);
    expect(await store().claim(theirs.id, updates.theirs)).toEqual([{ subscriber_id: subscribers.theirs, email: 'theirs@example.test' }]);

    await store().markSent(ours.id, updates.theirs, subscribers.theirs);
    expect(await sentAt(updates.theirs)).toEqual([null]);
    // Claimed and never marked sent: a retry of theirs gets it again.
    expect((await store().claim(theirs.id, updates.theirs)).map((target) => target.subscriber_id)).toEqual([subscribers.theirs]);

    expect(await store().claim(ours.id, updates.ours)).toEqual([{ subscriber_id: subscribers.ours, email: 'ours@example.test' }]);
    await store().markSent(ours.id, updates.ours, subscribers.ours);
    expect(await sentAt(updates.ours)).toEqual([expect.any(String)]);
    expect(await store().claim(ours.id, updates.ours)).toEqual([]);
  });
});
