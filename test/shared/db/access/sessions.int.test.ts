import { randomUUID } from 'node:crypto';
import { createSessionStore } from '../../../../shared/db/access/sessions.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// The session store on real PostgreSQL: a user is read only within the organization a token names,
// and one organization's revocations leave another's sessions alone.
describe('SessionStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  let theirMember: string;
  const store = () => createSessionStore(db.em());
  const later = () => new Date(Date.now() + 3_600_000);
  const live = async (userId: string) =>
    (await db.sql<{ id: string }>('select id from refresh_sessions where user_id = ? and revoked_at is null', [userId])).map(
      (row) => row.id,
    );

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    await db.sql(`update organizations set settings = '{"sso_required": true}'::jsonb where id = ?`, [theirs.id]);
    const [member] = await db.sql<{ id: string }>(
      `insert into users (id, organization_id, email, name, role, password_hash, created_at, updated_at)
       values (gen_random_uuid(), ?, ?, 'Member', 'engineer', 'x', now(), now()) returning id`,
      [theirs.id, `member-${theirs.id}@example.test`],
    );
    theirMember = member!.id;
    await store().insertSession({ id: randomUUID(), userId: theirMember, jti: randomUUID(), expiresAt: later(), authMethod: 'password' });
  });
  afterAll(() => db?.stop());

  it("reads a user within the organization's own members only", async () => {
    expect(await store().findUser(ours.id, theirMember)).toBeUndefined();
    expect(await store().findUser(ours.id, theirs.ownerId)).toBeUndefined();
    expect(await store().findUser(theirs.id, theirMember)).toEqual({
      id: theirMember,
      role: 'engineer',
      organization: { settings: { sso_required: true } },
    });
    expect((await store().findUser(ours.id, ours.ownerId))?.role).toBe('owner');
  });

  it("revokes the password sessions of the organization's own members only", async () => {
    const [before] = await live(theirMember);
    expect(before).toBeDefined();
    expect(await store().revokePasswordSessions(ours.id)).toEqual([]);
    expect(await live(theirMember)).toEqual([before]);
    expect(await store().revokePasswordSessions(theirs.id)).toEqual([before]);
    expect(await live(theirMember)).toEqual([]);
  });

  it("revokes one user's sessions without touching another's", async () => {
    const ourSession = randomUUID();
    const theirSession = randomUUID();
    await store().insertSession({ id: ourSession, userId: ours.ownerId, jti: randomUUID(), expiresAt: later(), authMethod: 'password' });
    await store().insertSession({ id: theirSession, userId: theirs.ownerId, jti: randomUUID(), expiresAt: later(), authMethod: 'sso' });
    expect(await store().revokeSessions(ours.ownerId, { only: [theirSession] })).toEqual([]);
    expect(await store().revokeSessions(ours.ownerId, { allBut: null })).toEqual([ourSession]);
    expect(await live(theirs.ownerId)).toEqual([theirSession]);
  });
});
