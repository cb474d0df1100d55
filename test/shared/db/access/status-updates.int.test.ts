import { randomUUID } from 'node:crypto';
import { createStatusUpdateStore } from '../../../../shared/db/access/status-updates.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// The store on real PostgreSQL: another organization's incidents, updates, users and subscribers
// are invisible to it, and untouched by its writes.
describe('StatusUpdateStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  const incidents = { ours: '', theirs: '' };
  const subscribers = { ours: '', theirs: '' };
  const store = () => createStatusUpdateStore(db.em());
  const update = (incidentId: string, body: string) => ({
    id: randomUUID(),
    incident_id: incidentId,
    kind: 'investigating' as const,
    title: null,
    body,
    visibility: 'internal' as const,
    author_id: null,
  });
  const count = async (sql: string, params: unknown[]) => Number((await db.sql<{ n: string }>(sql, params))[0]?.n);

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    incidents.ours = await db.incident(ours.id, 'ours');
    incidents.theirs = await db.incident(theirs.id, 'theirs');
    for (const [key, organization] of [
      ['ours', ours],
      ['theirs', theirs],
    ] as const) {
      await store().post(organization.id, async (unit) => unit.insert(update(incidents[key], `${key} update`)));
      const subscriber = await store().addSubscriber(organization.id, {
        id: randomUUID(),
        incident_id: incidents[key],
        email: organization.ownerEmail,
        user_id: organization.ownerId,
        confirmed: true,
      });
      subscribers[key] = subscriber.id;
    }
  });
  afterAll(() => db?.stop());

  it("reads the organization's own incidents, updates, members and subscribers only", async () => {
    expect(await store().hasIncident(ours.id, incidents.theirs)).toBe(false);
    expect(await store().hasIncident(ours.id, incidents.ours)).toBe(true);
    expect(await store().updatesOf(ours.id, incidents.theirs)).toBeUndefined();
    expect((await store().updatesOf(ours.id, incidents.ours))?.map((row) => row.body)).toEqual(['ours update']);
    expect(await store().subscribersOf(ours.id, incidents.theirs)).toBeUndefined();
    expect((await store().subscribersOf(ours.id, incidents.ours))?.map((row) => row.id)).toEqual([subscribers.ours]);
    expect(await store().member(ours.id, theirs.ownerId)).toBeNull();
    expect(await store().member(ours.id, ours.ownerId)).toEqual({ id: ours.ownerId, email: ours.ownerEmail });
    expect(await store().post(ours.id, (unit) => unit.incident(incidents.theirs))).toBeNull();
  });

  it('posts and subscribes within the organization only, and removes its own subscribers only', async () => {
    await store().post(ours.id, async (unit) => {
      const incident = await unit.incident(incidents.ours);
      await unit.insert(update(incident!.id, 'second'));
      unit.addTimelineEntry(incident!, { type: 'status_update', message: 'second' });
    });
    expect((await store().updatesOf(ours.id, incidents.ours))?.map((row) => row.body)).toEqual(['second', 'ours update']);
    expect(await count('select count(*) as n from incident_timeline where incident_id = ?', [incidents.ours])).toBeGreaterThan(0);
    expect(await count('select count(*) as n from status_updates where incident_id = ?', [incidents.theirs])).toBe(1);

    expect(await store().removeSubscriber(ours.id, incidents.theirs, subscribers.theirs)).toBe(false);
    expect(await store().removeSubscriber(ours.id, incidents.ours, subscribers.theirs)).toBe(false);
    expect((await store().subscribersOf(theirs.id, incidents.theirs))?.map((row) => row.id)).toEqual([subscribers.theirs]);
    expect(await store().removeSubscriber(ours.id, incidents.ours, subscribers.ours)).toBe(true);
    expect(await store().subscribersOf(ours.id, incidents.ours)).toEqual([]);
  });
});
