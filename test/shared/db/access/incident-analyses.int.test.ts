import { createIncidentAnalysisStore } from '../../../../shared/db/access/incident-analyses.ts';
import { createIncident } from '../../../../shared/db/access/incidents.ts';
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
});
