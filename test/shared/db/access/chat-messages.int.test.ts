import { createChatMessageStore } from '../../../../shared/db/access/chat-messages.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// Every method of the store, on real PostgreSQL: another organization's incidents, messages and
// assistant quota are invisible to it, and untouched by its writes.
describe('ChatMessageStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  let ourIncident: string;
  let theirIncident: string;
  const store = () => createChatMessageStore(db.em());
  const page = { limit: 10, offset: 0 };
  const message = (incidentId: string, authorId: string, body: string) => ({ incidentId, authorId, authorKind: 'user' as const, body });
  const count = async (query: string, params: unknown[]) => Number((await db.sql<{ n: string }>(query, params))[0]?.n);

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    ourIncident = await db.incident(ours.id, 'ours');
    theirIncident = await db.incident(theirs.id, 'theirs');
    await store().insert(theirs.id, message(theirIncident, theirs.ownerId, 'their secret'));
  });
  afterAll(() => db?.stop());

  it("pages the organization's own incidents' messages only", async () => {
    expect(await store().page(ours.id, theirIncident, page)).toBeUndefined();
    expect(await store().page(ours.id, ourIncident, page)).toEqual({ items: [], total: 0 });
    expect((await store().page(theirs.id, theirIncident, page))?.items.map((item) => item.body)).toEqual(['their secret']);
  });

  it('writes nothing when the transaction it was posted in rolls back', async () => {
    const incident = await db.incident(ours.id, 'rolled back');
    const refused = new Error('the quota was refused');
    await expect(
      store().transaction(async (unit) => {
        expect(await unit.insert(ours.id, message(incident, ours.ownerId, 'never kept'))).toBeDefined();
        throw refused;
      }),
    ).rejects.toBe(refused);
    expect(await count('select count(*) as n from incident_messages where incident_id = ?', [incident])).toBe(0);
    expect(await count('select count(*) as n from incident_timeline where incident_id = ? and type = ?', [incident, 'chat_message'])).toBe(
      0,
    );
  });

  it("posts on the organization's own incidents only", async () => {
    expect(await store().insert(ours.id, message(theirIncident, ours.ownerId, 'intruding'))).toBeUndefined();
    expect(await count('select count(*) as n from incident_messages where incident_id = ?', [theirIncident])).toBe(1);
    expect(
      await count('select count(*) as n from incident_timeline where incident_id = ? and type = ?', [theirIncident, 'chat_message']),
    ).toBe(1);

    const posted = await store().insert(ours.id, message(ourIncident, ours.ownerId, 'hello'));
    expect(posted).toMatchObject({ incident_id: ourIncident, author_id: ours.ownerId, body: 'hello' });
    expect((await store().page(ours.id, ourIncident, page))?.total).toBe(1);
  });

  it("counts questions against the organization's own quota, and keeps none when the transaction fails", async () => {
    expect(await store().reserveAssistantQuestion(ours.id, 1)).toBe(true);
    expect(await store().reserveAssistantQuestion(ours.id, 1)).toBe(false);
    expect(await store().reserveAssistantQuestion(theirs.id, 1)).toBe(true);
    await expect(
      store().transaction(async (tx) => {
        expect(await tx.reserveAssistantQuestion(theirs.id, 2)).toBe(true);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await count('select used as n from assistant_quota where organization_id = ?', [theirs.id])).toBe(1);
    expect(await count('select used as n from assistant_quota where organization_id = ?', [ours.id])).toBe(1);
  });
});
