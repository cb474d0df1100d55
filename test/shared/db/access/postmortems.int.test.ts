import { createPostmortemStore } from '../../../../shared/db/access/postmortems.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// Every method of the store, on real PostgreSQL: another organization's incidents, postmortems,
// action items and members are invisible to it, and untouched by its writes.
describe('PostmortemStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  let ourIncident: string;
  let theirIncident: string;
  let theirPostmortem: string;
  let theirItem: string;
  const store = () => createPostmortemStore(db.em());
  const draft = (organizationId: string, incidentId: string, createdBy: string) => ({
    organizationId,
    incidentId,
    title: 'What happened',
    content: '# Summary',
    createdBy,
  });
  const item = (ownerId: string | null) => ({ title: 'Add an alert', ownerId, dueDate: '2027-01-15', done: false });
  const timelineOf = async (incidentId: string) =>
    (
      await db.sql<{ message: string }>(`select message from incident_timeline where incident_id = ? and type = 'postmortem'`, [incidentId])
    ).map((row) => row.message);

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    ourIncident = await db.incident(ours.id, 'Our outage');
    theirIncident = await db.incident(theirs.id, 'Their outage');
    theirPostmortem = (await store().insert(draft(theirs.id, theirIncident, theirs.ownerId)))!.id;
    theirItem = (await store().insertActionItem(theirs.id, theirPostmortem, item(theirs.ownerId)))!;
  });
  afterAll(() => db?.stop());

  it("reads the organization's own incidents, postmortems, action items and members only", async () => {
    expect(await store().incident(ours.id, theirIncident)).toBeUndefined();
    expect(await store().snapshot(ours.id, theirIncident)).toBeUndefined();
    expect(await store().ofIncident(ours.id, theirIncident)).toBeUndefined();
    expect(await store().ofIncidents(ours.id, [theirIncident, ourIncident])).toEqual([]);
    expect(await store().actionItems(ours.id, theirPostmortem)).toEqual([]);
    expect(await store().actionItem(ours.id, theirPostmortem, theirItem)).toBeUndefined();
    expect(await store().isMember(ours.id, theirs.ownerId)).toBe(false);

    expect(await store().incident(theirs.id, theirIncident)).toEqual({ id: theirIncident, title: 'Their outage', description: null });
    expect((await store().snapshot(theirs.id, theirIncident))?.incident.title).toBe('Their outage');
    expect((await store().ofIncident(theirs.id, theirIncident))?.id).toBe(theirPostmortem);
    expect((await store().ofIncidents(theirs.id, [theirIncident])).map((row) => row.id)).toEqual([theirPostmortem]);
    expect(await store().actionItem(theirs.id, theirPostmortem, theirItem)).toMatchObject({
      owner_name: `Owner of ${theirs.name}`,
      due_date: '2027-01-15',
    });
    expect(await store().isMember(theirs.id, theirs.ownerId)).toBe(true);
  });

  it("changes the organization's own postmortems, action items and timelines only", async () => {
    expect(await store().addTimelineEntry(ours.id, theirIncident, { type: 'postmortem', message: 'Ours', actorId: null, data: {} })).toBe(
      false,
    );
    expect(await store().update(ours.id, theirIncident, { title: 'Taken over', status: 'published' })).toBeUndefined();
    expect(await store().updateActionItem(ours.id, theirPostmortem, theirItem, { ...item(null), done: true })).toBe(false);
    expect(await store().removeActionItem(ours.id, theirPostmortem, theirItem)).toBe(false);
    expect(await store().remove(ours.id, theirIncident)).toBe(false);
    expect(await store().insertActionItem(ours.id, theirPostmortem, item(null))).toBeUndefined();
    expect((await store().actionItems(theirs.id, theirPostmortem)).map((row) => row.id)).toEqual([theirItem]);

    expect(await timelineOf(theirIncident)).toEqual([]);
    expect(await store().ofIncident(theirs.id, theirIncident)).toMatchObject({
      title: 'What happened',
      status: 'draft',
      published_at: null,
    });
    expect(await store().actionItem(theirs.id, theirPostmortem, theirItem)).toMatchObject({ title: 'Add an alert', done: false });
  });

  it('writes the postmortem, its items and its timeline entry as one transaction', async () => {
    await expect(
      store().transaction(async (tx) => {
        await tx.insert(draft(ours.id, ourIncident, ours.ownerId));
        await tx.addTimelineEntry(ours.id, ourIncident, {
          type: 'postmortem',
          message: 'Postmortem drafted',
          actorId: ours.ownerId,
          data: {},
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await store().ofIncident(ours.id, ourIncident)).toBeUndefined();
    expect(await timelineOf(ourIncident)).toEqual([]);

    const postmortem = await store().transaction(async (tx) => {
      const row = await tx.insert(draft(ours.id, ourIncident, ours.ownerId));
      expect(
        await tx.addTimelineEntry(ours.id, ourIncident, { type: 'postmortem', message: 'Postmortem drafted', actorId: null, data: {} }),
      ).toBe(true);
      return row!;
    });
    expect(await store().insert(draft(ours.id, ourIncident, ours.ownerId))).toBeUndefined();
    expect(await timelineOf(ourIncident)).toEqual(['Postmortem drafted']);
    const id = (await store().insertActionItem(ours.id, postmortem.id, item(ours.ownerId)))!;
    expect(await store().updateActionItem(ours.id, postmortem.id, id, { ...item(ours.ownerId), done: true })).toBe(true);
    expect(await store().actionItems(ours.id, postmortem.id)).toEqual([
      expect.objectContaining({ id, done: true, owner_name: `Owner of ${ours.name}` }),
    ]);
    expect((await store().update(ours.id, ourIncident, { status: 'published' }))?.published_at).not.toBeNull();
    expect(await store().removeActionItem(ours.id, postmortem.id, id)).toBe(true);
    expect(await store().remove(ours.id, ourIncident)).toBe(true);
  });
});
