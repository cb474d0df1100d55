import { randomUUID } from 'node:crypto';
import { createAuditEventStore, type AuditEventFields } from '../../../../shared/db/access/audit-events.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// The audit log on real PostgreSQL: another organization's events and actors are invisible to
// every read, and a write lands in the organization given only.
describe('AuditEventStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  let theirKey: string;
  const store = () => createAuditEventStore(db.em());
  const event = (actorUserId: string, eventType = 'users.update'): AuditEventFields => ({
    eventType,
    action: 'updateUser',
    method: 'PATCH',
    path: '/api/v1/users/x',
    targetType: 'user',
    targetId: null,
    actorType: 'user',
    actorUserId,
    actorApiKeyId: null,
    ip: '192.0.2.1',
    userAgent: 'test',
    requestId: randomUUID(),
    statusCode: 200,
  });
  const page = { limit: 50, offset: 0 };

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    const [key] = await db.sql<{ id: string }>(
      `insert into api_keys (id, organization_id, name, key_hash, prefix, permissions, created_by_id, created_at)
       values (gen_random_uuid(), ?, 'Theirs', ?, 'tk_', '[]'::jsonb, ?, now()) returning id`,
      [theirs.id, randomUUID().replaceAll('-', ''), theirs.ownerId],
    );
    theirKey = key!.id;
    await store().insert(theirs.id, event(theirs.ownerId));
    await store().insert(theirs.id, event(theirs.ownerId, 'teams.create'));
    await store().insert(ours.id, event(ours.ownerId));
  });
  afterAll(() => db?.stop());

  it("pages the organization's own events only, whatever the filter", async () => {
    const mine = await store().page(ours.id, page);
    expect(mine.total).toBe(1);
    expect(mine.items.map((item) => item.actorUserId)).toEqual([ours.ownerId]);
    expect((await store().page(ours.id, { ...page, actor_id: theirs.ownerId })).total).toBe(0);
    expect((await store().page(ours.id, { ...page, event_type: 'teams' })).total).toBe(0);
    expect((await store().page(theirs.id, { ...page, event_type: 'teams' })).total).toBe(1);
    expect((await store().page(theirs.id, page)).total).toBe(2);
  });

  it("names the organization's own actors only", async () => {
    const theirsSeen = await store().actors(ours.id, { userIds: [ours.ownerId, theirs.ownerId], apiKeyIds: [theirKey] });
    expect([...theirsSeen.users.keys()]).toEqual([ours.ownerId]);
    expect(theirsSeen.apiKeys.size).toBe(0);
    const own = await store().actors(theirs.id, { userIds: [theirs.ownerId], apiKeyIds: [theirKey] });
    expect(own.users.get(theirs.ownerId)?.email).toBe(theirs.ownerEmail);
    expect(own.apiKeys.get(theirKey)?.name).toBe('Theirs');
  });
});
