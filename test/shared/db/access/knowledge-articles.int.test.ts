import { createKnowledgeArticleStore } from '../../../../shared/db/access/knowledge-articles.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// Every method of the store, on real PostgreSQL: another organization's articles are invisible to
// it, and untouched by its writes.
describe('KnowledgeArticleStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  let ourArticle: string;
  let theirArticle: string;
  const store = () => createKnowledgeArticleStore(db.em());
  const article = (title: string, authorId: string) => ({ title, body: `${title} body`, tags: ['k8s'], authorId });

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    ourArticle = (await store().insert(ours.id, article('Ours', ours.ownerId))).id;
    theirArticle = (await store().insert(theirs.id, article('Theirs', theirs.ownerId))).id;
  });
  afterAll(() => db?.stop());

  it("lists and finds the organization's own articles only", async () => {
    const all = await store().list(ours.id, { limit: 10, offset: 0 });
    expect(all.items.map((item) => item.id)).toEqual([ourArticle]);
    expect(all.total).toBe(1);
    const tagged = await store().list(ours.id, { limit: 10, offset: 0, tag: 'k8s' });
    expect(tagged.items.map((item) => item.id)).toEqual([ourArticle]);
    expect((await store().list(ours.id, { limit: 10, offset: 0, tag: 'other' })).total).toBe(0);
    expect(await store().find(ours.id, ourArticle)).toMatchObject({ title: 'Ours', authorId: ours.ownerId, tags: ['k8s'] });
    expect(await store().find(ours.id, theirArticle)).toBeUndefined();
  });

  it("changes and removes the organization's own articles only", async () => {
    expect(await store().update(ours.id, theirArticle, { title: 'Taken' })).toBeUndefined();
    expect(await store().remove(ours.id, theirArticle)).toBe(false);
    expect(await store().find(theirs.id, theirArticle)).toMatchObject({ title: 'Theirs', body: 'Theirs body' });

    const before = await store().find(ours.id, ourArticle);
    const updated = await store().update(ours.id, ourArticle, { title: 'Ours renamed', tags: ['db'] });
    expect(updated).toMatchObject({ title: 'Ours renamed', body: 'Ours body', tags: ['db'] });
    expect(updated!.updatedAt.getTime()).toBeGreaterThanOrEqual(before!.updatedAt.getTime());
    expect(await store().remove(ours.id, ourArticle)).toBe(true);
    expect(await store().find(ours.id, ourArticle)).toBeUndefined();
    const [rows] = await db.sql<{ n: string }>('select count(*) as n from knowledge_articles where organization_id = ?', [theirs.id]);
    expect(Number(rows?.n)).toBe(1);
  });
});
