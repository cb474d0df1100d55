import { createSearchDocumentStore } from '../../../../shared/db/access/search-documents.ts';
import { openStoreDatabase, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// The store on real PostgreSQL: an organization's document reads never see another organization's
// rows, and its writes (outbox events) belong to the organization given only.
describe('SearchDocumentStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  const store = () => createSearchDocumentStore(db.em());
  const changesOf = (organizationId: string) =>
    db.sql<{ data: { document: { type: string; ids: string[] } } }>(
      `select data from domain_events where type = 'search.document_changed' and organization_id = ? order by created_at`,
      [organizationId],
    );

  beforeAll(async () => {
    db = await openStoreDatabase();
    ours = await db.organization('ours');
    theirs = await db.organization('theirs');
  });
  afterAll(async () => {
    await db?.stop();
  });

  it("records a document change as the organization's own outbox event only", async () => {
    await store().recordChange(ours.id, 'article', ['a1', 'a2']);
    await store().recordChange(ours.id, 'article', []);
    expect((await changesOf(ours.id)).map((row) => row.data.document)).toEqual([{ type: 'article', ids: ['a1', 'a2'] }]);
    expect(await changesOf(theirs.id)).toEqual([]);
  });
});
