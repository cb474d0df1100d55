import { waitFor } from '../../../../dev/wait-for.ts';
import { createIncidentAnalysisStore } from '../../../../shared/db/access/incident-analyses.ts';
import { createIncident, storeIncidentAnalyses } from '../../../../shared/db/access/incidents.ts';
import { holdIncident } from '../../../helpers/incident-locks.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// The store on real PostgreSQL: an organization's analysis reads never see another organization's
// incidents, and its writes never change them.
describe('IncidentAnalysisStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  let ourIncident: string;
  let theirIncident: string;
  const store = () => createIncidentAnalysisStore(db.em());
  const analysisOf = async (id: string) =>
    (
      await db.sql<{ analysis: unknown; analysis_text_hash: string | null }>(
        'select analysis, analysis_text_hash from incidents where id = ?',
        [id],
      )
    )[0];

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    const em = db.em();
    ourIncident = createIncident(em, { organizationId: ours.id, title: 'Disk full on db-1', severity: 'high', source: 'manual' }).id;
    theirIncident = createIncident(em, { organizationId: theirs.id, title: 'Their outage', severity: 'high', source: 'manual' }).id;
    await em.flush();
  });
  afterAll(() => db?.stop());

  it("reads the organization's own incidents only", async () => {
    expect(await store().source(ours.id, ourIncident)).toMatchObject({ title: 'Disk full on db-1', analysis_text_hash: null });
    expect(await store().source(ours.id, theirIncident)).toBeUndefined();
    expect((await store().sources(ours.id, [ourIncident, theirIncident])).map((row) => row.id)).toEqual([ourIncident]);
    expect(await store().sources(ours.id, [theirIncident])).toEqual([]);
    expect((await store().sources(theirs.id, [ourIncident, theirIncident])).map((row) => row.id)).toEqual([theirIncident]);
  });

  it("writes the organization's own incidents' analysis only", async () => {
    const theirsBefore = await analysisOf(theirIncident);
    await store().saveAll(ours.id, [{ incidentId: theirIncident, analysis: { similar_incidents: [] }, textHash: 'hash-theirs' }]);
    expect(await analysisOf(theirIncident)).toEqual(theirsBefore);

    await store().saveAll(ours.id, [{ incidentId: ourIncident, analysis: { similar_incidents: [] }, textHash: 'hash-ours' }]);
    expect(await analysisOf(ourIncident)).toEqual({ analysis: { similar_incidents: [] }, analysis_text_hash: 'hash-ours' });
    expect((await store().source(ours.id, ourIncident))?.analyzed_at).not.toBeNull();
  });

  it('writes many analyses in one call, each its own, text with quotes and backslashes intact', async () => {
    const em = db.em();
    const others = [1, 2, 3].map(
      (n) => createIncident(em, { organizationId: ours.id, title: `Other ${n}`, severity: 'low', source: 'manual' }).id,
    );
    await em.flush();
    const theirsBefore = await analysisOf(theirIncident);
    const analyses = others.map((incidentId, n) => ({
      incidentId,
      analysis: { similar_incidents: [{ id: `x${n}`, title: `"quoted" \\ path C:\\tmp ${n} — ünïcode` }] },
      textHash: `hash-${n}`,
    }));
    await store().saveAll(ours.id, [...analyses, { incidentId: theirIncident, analysis: { similar_incidents: [] }, textHash: 'hash-x' }]);
    for (const { incidentId, analysis, textHash } of analyses) {
      expect(await analysisOf(incidentId)).toEqual({ analysis, analysis_text_hash: textHash });
    }
    expect(await analysisOf(theirIncident)).toEqual(theirsBefore);
    await store().saveAll(ours.id, []);
  });

  // An alert bucket's transaction holds its incidents while it applies alerts: the analyses write
  // the others at once, come back for the held one when it is released, and never wait holding rows.
  it('writes the incidents nobody holds at once, and a held one once it is released', async () => {
    const [held, free] = [await db.incident(ours.id, 'Held by ingestion'), await db.incident(ours.id, 'Free')];
    // Written meanwhile by the holder: a later analysis write must not overwrite the incident's own columns.
    const holder = await holdIncident(db, held, (tx) => tx.execute(`update incidents set title = 'Held, renamed' where id = ?`, [held]));
    const saving = store().saveAll(ours.id, [
      { incidentId: held, analysis: { similar_incidents: [] }, textHash: 'hash-held' },
      { incidentId: free, analysis: { similar_incidents: [] }, textHash: 'hash-free' },
    ]);
    await waitFor(
      'the free incident written',
      async () => ((await analysisOf(free))?.analysis_text_hash === 'hash-free' ? true : undefined),
      {
        timeoutMs: 10_000,
        intervalMs: 20,
      },
    );
    expect((await analysisOf(held))?.analysis_text_hash).toBeNull();
    await holder.release();
    await saving;
    expect(await analysisOf(held)).toEqual({ analysis: { similar_incidents: [] }, analysis_text_hash: 'hash-held' });
    expect((await db.sql<{ title: string }>('select title from incidents where id = ?', [held]))[0]?.title).toBe('Held, renamed');
  });

  it('gives up on an incident held past its deadline, having written the rest', async () => {
    const [held, free] = [await db.incident(ours.id, 'Held for long'), await db.incident(ours.id, 'Free too')];
    const holder = await holdIncident(db, held);
    const analyses = [held, free].map((incidentId) => ({
      incidentId,
      analysis: { similar_incidents: [] },
      textHash: `hash-${incidentId}`,
    }));
    await expect(storeIncidentAnalyses(db.em(), ours.id, analyses, { retryMs: 10, deadlineMs: 200 })).rejects.toThrow(
      /1 incident analyses not stored/,
    );
    await holder.release();
    expect((await analysisOf(free))?.analysis_text_hash).toBe(`hash-${free}`);
    expect((await analysisOf(held))?.analysis_text_hash).toBeNull();
  });
});
