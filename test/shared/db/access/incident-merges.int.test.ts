import { createIncidentMergeStore, type IncidentMergeUnit } from '../../../../shared/db/access/incident-merges.ts';
import { createIncident } from '../../../../shared/db/access/incidents.ts';
import type { Incident } from '../../../../shared/db/entities/index.ts';
import { againstBucketLocks } from '../../../helpers/incident-locks.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// The store on real PostgreSQL: an organization's merge unit neither sees, locks nor changes
// another organization's incidents and merges, and its reads list its own merges only.
describe('IncidentMergeStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  const ids = { ourTarget: '', ourSource: '', theirTarget: '', theirSource: '' };
  const store = () => createIncidentMergeStore(db.em());
  /** Locks both incidents and merges the source's alerts into the target, as the service does. */
  const merge = async (unit: IncidentMergeUnit, targetId: string, sourceId: string, actorId: string): Promise<Incident> => {
    const locked = await unit.lockIncidents([targetId, sourceId]);
    const target = locked.find((incident) => incident.id === targetId)!;
    const source = locked.find((incident) => incident.id === sourceId)!;
    await unit.recordMerge({ targetId, sourceId, sourceStatus: source.status, sourceFingerprint: null, actorId });
    source.mergedIntoId = targetId;
    return target;
  };
  const mergedInto = async (id: string) =>
    (await db.sql<{ merged_into_id: string | null }>('select merged_into_id from incidents where id = ?', [id]))[0]?.merged_into_id;

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    const em = db.em();
    for (const [key, organizationId] of [
      ['ourTarget', ours.id],
      ['ourSource', ours.id],
      ['theirTarget', theirs.id],
      ['theirSource', theirs.id],
    ] as const)
      ids[key] = createIncident(em, { organizationId, title: key, severity: 'high', source: 'manual' }).id;
    await em.flush();
    await store().transaction(theirs.id, (unit) => merge(unit, ids.theirTarget, ids.theirSource, theirs.ownerId));
  });
  afterAll(() => db?.stop());

  it("locks and reads the organization's own incidents and merges only", async () => {
    const locked = await store().transaction(ours.id, (unit) => unit.lockIncidents([ids.ourTarget, ids.theirTarget, ids.theirSource]));
    expect(locked.map((incident) => incident.id)).toEqual([ids.ourTarget]);
    expect(await store().mergesOf(ours.id, ids.theirTarget)).toBeUndefined();
    expect(await store().mergesOf(ours.id, ids.ourTarget)).toEqual([]);
    expect((await store().mergesOf(theirs.id, ids.theirTarget))?.map((row) => row.source_incident_id)).toEqual([ids.theirSource]);
    expect(await store().transaction(ours.id, (unit) => unit.activeMergeOfSource(ids.theirSource))).toBeUndefined();
  });

  it("merges and unmerges the organization's own incidents, leaving another's merge in place", async () => {
    const theirMerge = await store().transaction(theirs.id, (unit) => unit.activeMergeOfSource(ids.theirSource));
    expect(theirMerge).toBeDefined();
    // Handed another organization's merge, the unit's statements match none of its rows.
    await store().transaction(ours.id, (unit) => unit.reverseMerge(theirMerge!, ours.ownerId));
    expect(await store().transaction(theirs.id, (unit) => unit.activeMergeOfSource(ids.theirSource))).toMatchObject({ id: theirMerge!.id });

    await store().transaction(ours.id, async (unit) => {
      const target = await merge(unit, ids.ourTarget, ids.ourSource, ours.ownerId);
      unit.addTimelineEntry(target, { type: 'merged', message: 'merged', actorId: ours.ownerId });
    });
    expect(await mergedInto(ids.ourSource)).toBe(ids.ourTarget);
    expect((await store().mergesOf(ours.id, ids.ourTarget))?.map((row) => row.source_incident_id)).toEqual([ids.ourSource]);

    const ourMerge = await store().transaction(ours.id, (unit) => unit.activeMergeOfSource(ids.ourSource));
    await store().transaction(ours.id, (unit) => unit.reverseMerge(ourMerge!, ours.ownerId));
    expect(await store().transaction(ours.id, (unit) => unit.activeMergeOfSource(ids.ourSource))).toBeUndefined();
    expect(await mergedInto(ids.theirSource)).toBe(ids.theirTarget);
    expect((await store().mergesOf(theirs.id, ids.theirSource))?.map((row) => row.unmerged_at)).toEqual([null]);
  });

  // An alert bucket locks its incidents by fingerprint, then id, one after another; a merge of the
  // same incidents meanwhile must take them in that order too, or each waits on a row the other holds.
  it("locks the incidents of a merge in an alert bucket's order: the two wait for each other, neither deadlocks", async () => {
    const pair = [await db.incident(ours.id, 'First'), await db.incident(ours.id, 'Second')];
    // The lower id gets the later fingerprint: id order and the bucket's order disagree.
    const [lowerId, higherId] = [...pair].sort() as [string, string];
    await db.sql(`update incidents set fingerprint = case when id = ? then 'fp-b' else 'fp-a' end where id in (?, ?)`, [
      lowerId,
      lowerId,
      higherId,
    ]);
    await againstBucketLocks(db, [higherId, lowerId], () =>
      store().transaction(ours.id, (unit) => merge(unit, lowerId, higherId, ours.ownerId)),
    );
    expect(await mergedInto(higherId)).toBe(lowerId);
  });
});
