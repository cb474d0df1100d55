import { createChannelActionStore } from '../../../../shared/db/access/channel-actions.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// The store on real PostgreSQL: another organization's members, incidents and timeline entries are
// invisible to it.
describe('ChannelActionStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  const incidents = { ours: '', theirs: '' };
  const store = () => createChannelActionStore(db.em());
  const statusChanged = (organizationId: string, incidentId: string, actorId: string) =>
    db.sql(
      `insert into incident_timeline (id, organization_id, incident_id, type, message, actor_id, data, created_at)
       values (gen_random_uuid(), ?, ?, 'status_changed', 'changed', ?, '{"to":"active"}'::jsonb, now())`,
      [organizationId, incidentId, actorId],
    );

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    incidents.ours = await db.incident(ours.id, 'ours');
    incidents.theirs = await db.incident(theirs.id, 'theirs');
    await statusChanged(theirs.id, incidents.theirs, theirs.ownerId);
    // A timeline row filed under another organization does not name who moved our incident.
    await statusChanged(theirs.id, incidents.ours, theirs.ownerId);
  });
  afterAll(() => db?.stop());

  it("reads the organization's own member and incident only", async () => {
    expect(await store().context(ours.id, incidents.ours, ours.ownerId)).toEqual({
      member: { role: 'owner', name: `Owner of ${ours.name}` },
      incident: { status: 'active', lastActor: null, snoozedUntil: null },
    });
    expect(await store().context(ours.id, incidents.theirs, theirs.ownerId)).toEqual({});
    expect(await store().context(ours.id, incidents.theirs, ours.ownerId)).toEqual({ member: expect.anything() });
    expect(await store().context(ours.id, incidents.ours, theirs.ownerId)).toEqual({ incident: expect.anything() });
    expect((await store().context(theirs.id, incidents.theirs, theirs.ownerId)).incident?.lastActor).toBe(`Owner of ${theirs.name}`);
  });
});
