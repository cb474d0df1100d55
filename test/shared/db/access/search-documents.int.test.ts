import { createSearchDocumentStore } from '../../../../shared/db/access/search-documents.ts';
import { createIncident } from '../../../../shared/db/access/incidents.ts';
import { KnowledgeArticleEntity, LogEntryEntity, ProcedureEntity, ProcedureStepEntity } from '../../../../shared/db/entities/index.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// The store on real PostgreSQL: an organization's document reads never see another organization's
// rows, and its writes (outbox events) belong to the organization given only.
describe('SearchDocumentStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  const store = () => createSearchDocumentStore(db.em());
  type Rows = { incident: string; article: string; log: string; procedure: string };
  const rows: Record<'ours' | 'theirs', Rows> = { ours: {} as Rows, theirs: {} as Rows };
  const changesOf = (organizationId: string) =>
    db.sql<{ data: { document: { type: string; ids: string[] } } }>(
      `select data from domain_events where type = 'search.document_changed' and organization_id = ? order by created_at`,
      [organizationId],
    );

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    for (const [key, organizationId] of [
      ['ours', ours.id],
      ['theirs', theirs.id],
    ] as const) {
      const em = db.em();
      const organization = organizationId;
      const procedure = em.create(ProcedureEntity, { organization, name: `${key} runbook`, description: null, tags: [] });
      em.create(ProcedureStepEntity, { organization, procedure, position: 2, name: 'Second', description: null, type: 'manual' });
      em.create(ProcedureStepEntity, { organization, procedure, position: 1, name: 'First', description: null, type: 'manual' });
      rows[key] = {
        incident: createIncident(em, { organizationId, title: `${key} incident`, severity: 'high', source: 'manual' }).id,
        article: em.create(KnowledgeArticleEntity, { organization, title: `${key} article`, body: 'b', tags: [], authorId: null }).id,
        log: em.create(LogEntryEntity, { organization, timestamp: new Date(), level: 'info', message: `${key} log`, service: 's' }).id,
        procedure: procedure.id,
      };
      await em.flush();
    }
  });
  afterAll(() => db?.stop());

  it("reads the organization's own documents only", async () => {
    const both = (type: keyof Rows) => [rows.ours[type], rows.theirs[type]];
    expect((await store().incidents(ours.id, both('incident'))).map((row) => row.title)).toEqual(['ours incident']);
    expect((await store().articles(ours.id, both('article'))).map((row) => row.title)).toEqual(['ours article']);
    expect((await store().logs(ours.id, both('log'))).map((row) => row.message)).toEqual(['ours log']);
    const procedures = await store().procedures(ours.id, both('procedure'));
    expect(procedures.map(({ procedure }) => procedure.name)).toEqual(['ours runbook']);
    expect(procedures[0]?.steps.map((step) => step.name)).toEqual(['First', 'Second']);

    expect(await store().incidents(ours.id, [rows.theirs.incident])).toEqual([]);
    expect(await store().articles(ours.id, [rows.theirs.article])).toEqual([]);
    expect(await store().logs(ours.id, [rows.theirs.log])).toEqual([]);
    expect(await store().procedures(ours.id, [rows.theirs.procedure])).toEqual([]);
    expect((await store().procedures(theirs.id, both('procedure'))).map(({ procedure }) => procedure.name)).toEqual(['theirs runbook']);
    for (const type of ['incident', 'article', 'log', 'procedure'] as const) {
      expect(await store().ids(ours.id, type)).toEqual([rows.ours[type]]);
      expect(await store().ids(theirs.id, type)).toEqual([rows.theirs[type]]);
    }
  });

  it('lists every organization for the reindex command', async () => {
    expect(await store().organizationIdsAcrossOrganizations()).toEqual(expect.arrayContaining([ours.id, theirs.id]));
  });

  it("records a document change as the organization's own outbox event only", async () => {
    await store().recordChange(ours.id, 'article', ['a1', 'a2']);
    await store().recordChange(ours.id, 'article', []);
    expect((await changesOf(ours.id)).map((row) => row.data.document)).toEqual([{ type: 'article', ids: ['a1', 'a2'] }]);
    expect(await changesOf(theirs.id)).toEqual([]);
  });
});
