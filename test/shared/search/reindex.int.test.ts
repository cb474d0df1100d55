import { randomUUID } from 'node:crypto';
import { createSearchDocumentStore } from '../../../shared/db/access/search-documents.ts';
import { KnowledgeArticleEntity, LogEntryEntity, ProcedureEntity, ProcedureStepEntity } from '../../../shared/db/entities/index.ts';
import { createElasticsearchEngine } from '../../../shared/search/engine/elasticsearch-index.ts';
import { reindexAll } from '../../../shared/search/indexing/reindex.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../helpers/store-database.ts';
import { standInEmbedder } from '../../helpers/stand-in-embedder.ts';

// `npm run search:reindex`'s work: every organization's documents read from PostgreSQL in batches
// and written to the index, each under its own organization (integration: real PostgreSQL and
// Elasticsearch).
const DIMENSIONS = 8;
const embedder = standInEmbedder('reindex-test', DIMENSIONS, (text) =>
  Array.from({ length: DIMENSIONS }, (_, i) => (i === text.length % DIMENSIONS ? 1 : 0)),
);

describe('reindexAll (integration: real PostgreSQL and Elasticsearch)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  const index = () => {
    const url = process.env.ELASTICSEARCH_URL;
    if (!url) throw new Error("ELASTICSEARCH_URL is not set: run through jest's integration project");
    return createElasticsearchEngine({ url, prefix: `test-${randomUUID().slice(0, 8)}`, embedder, refreshOnWrite: true });
  };

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
  });
  afterAll(() => db?.stop());

  it("indexes every organization's documents, procedures with their steps in order", async () => {
    const em = db.em();
    const procedure = em.create(ProcedureEntity, { organization: ours.id, name: 'Failover runbook', description: null, tags: [] });
    em.create(ProcedureStepEntity, {
      organization: ours.id,
      procedure,
      position: 2,
      name: 'Promote',
      description: 'the standby',
      type: 'manual',
    });
    em.create(ProcedureStepEntity, {
      organization: ours.id,
      procedure,
      position: 1,
      name: 'Drain',
      description: 'the writers',
      type: 'manual',
    });
    const article = em.create(KnowledgeArticleEntity, {
      organization: ours.id,
      title: 'Disk pressure',
      body: 'b',
      tags: [],
      authorId: null,
    });
    const log = em.create(LogEntryEntity, {
      organization: ours.id,
      timestamp: new Date(),
      level: 'error',
      message: 'disk full',
      service: 'db',
    });
    await em.flush();
    const incidents = await Promise.all(
      ['Disk full on db-1', 'Disk full on db-2', 'Disk full on db-3'].map((title) => db.incident(ours.id, title)),
    );
    const theirIncident = await db.incident(theirs.id, 'Disk full on their db');

    const engine = index();
    try {
      await engine.ensureReady();
      // Batches of two: the three incidents span two.
      const count = await reindexAll({ documents: () => createSearchDocumentStore(db.em()), index: engine, batchSize: 2 });
      expect(count).toBe(incidents.length + 3 + 1);

      const found = async (organizationId: string, text: string) =>
        (await engine.search({ organizationId, text, mode: 'keyword', limit: 20 })).hits.map((hit) => `${hit.type}:${hit.id}`).sort();
      expect(await found(ours.id, 'disk')).toEqual(
        [...incidents.map((id) => `incident:${id}`), `article:${article.id}`, `log:${log.id}`].sort(),
      );
      expect(await found(theirs.id, 'disk')).toEqual([`incident:${theirIncident}`]);
      const [runbook] = (await engine.search({ organizationId: ours.id, text: 'standby', mode: 'keyword', limit: 5 })).hits;
      expect(runbook).toMatchObject({ type: 'procedure', id: procedure.id });
      expect(runbook?.snippet).toContain('1. Drain: the writers 2. Promote: the <em>standby</em>');
    } finally {
      await engine.drop();
      await engine.close();
    }
  });
});
