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
    expect((await store().incident(ours.id, rows.ours.incident))?.title).toBe('ours incident');
    expect((await store().article(ours.id, rows.ours.article))?.title).toBe('ours article');
    expect((await store().log(ours.id, rows.ours.log))?.message).toBe('ours log');
    const procedure = await store().procedure(ours.id, rows.ours.procedure);
    expect(procedure?.procedure.name).toBe('ours runbook');
    expect(procedure?.steps.map((step) => step.name)).toEqual(['First', 'Second']);

    expect(await store().incident(ours.id, rows.theirs.incident)).toBeNull();
    expect(await store().article(ours.id, rows.theirs.article)).toBeNull();
    expect(await store().log(ours.id, rows.theirs.log)).toBeNull();
    expect(await store().procedure(ours.id, rows.theirs.procedure)).toBeNull();
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
