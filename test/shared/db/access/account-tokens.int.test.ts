import { createHash, randomUUID } from 'node:crypto';
import { createAccountStore } from '../../../../shared/db/access/account-tokens.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// Every method of the store, on real PostgreSQL: another organization's accounts and tokens are
// invisible to the scoped methods and untouched by their writes; the AcrossOrganizations ones find
// an account by what only its owner knows (the address, the mailed token) and change that one only.
describe('AccountStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  const store = () => createAccountStore(db.em());
  const hash = (token: string) => createHash('sha256').update(token).digest('hex');
  const inAnHour = () => new Date(Date.now() + 3_600_000);
  const account = async (userId: string) =>
    (
      await db.sql<{ password_hash: string; email_verified_at: string | null }>(
        'select password_hash, email_verified_at from users where id = ?',
        [userId],
      )
    )[0];
  const tokensOf = async (userId: string) =>
    (
      await db.sql<{ token_hash: string; used_at: Date | null }>('select token_hash, used_at from account_tokens where user_id = ?', [
        userId,
      ])
    ).map((row) => ({ hash: row.token_hash, used: row.used_at !== null }));

  beforeAll(async () => ({ db, ours, theirs } = await openTwoOrganizations()));
  afterAll(() => db?.stop());

  it("reads and changes the organization's own accounts only", async () => {
    expect(await store().find(ours.id, ours.ownerId)).toMatchObject({ id: ours.ownerId, organizationId: ours.id, email: ours.ownerEmail });
    await expect(store().find(ours.id, theirs.ownerId)).rejects.toThrow();
    await expect(store().setPasswordHash(ours.id, theirs.ownerId, 'taken')).rejects.toThrow();
    expect((await account(theirs.ownerId))?.password_hash).toBe('x');
    await store().setPasswordHash(ours.id, ours.ownerId, 'changed');
    expect((await account(ours.ownerId))?.password_hash).toBe('changed');
  });

  it("replaces the user's own tokens of the purpose only", async () => {
    const theirToken = hash(randomUUID());
    await store().replaceToken(theirs.id, theirs.ownerId, 'password_reset', { hash: theirToken, expiresAt: inAnHour() });
    // Naming another organization's user writes nothing for them and removes none of their tokens.
    await store().replaceToken(ours.id, theirs.ownerId, 'password_reset', { hash: hash(randomUUID()), expiresAt: inAnHour() });
    expect(await tokensOf(theirs.ownerId)).toEqual([{ hash: theirToken, used: false }]);

    const first = hash(randomUUID());
    const second = hash(randomUUID());
    await store().replaceToken(ours.id, ours.ownerId, 'email_verification', { hash: first, expiresAt: inAnHour() });
    await store().replaceToken(ours.id, ours.ownerId, 'email_verification', { hash: second, expiresAt: inAnHour() });
    expect(await tokensOf(ours.ownerId)).toEqual([{ hash: second, used: false }]);
    expect(await tokensOf(theirs.ownerId)).toEqual([{ hash: theirToken, used: false }]);
  });

  it('finds an account by its address across organizations', async () => {
    expect((await store().findByEmailAcrossOrganizations(theirs.ownerEmail))?.organizationId).toBe(theirs.id);
    expect(await store().findByEmailAcrossOrganizations(`nobody-${randomUUID()}@example.test`)).toBeUndefined();
  });

  it('spends a token once and changes its own account only', async () => {
    const reset = randomUUID();
    await store().replaceToken(ours.id, ours.ownerId, 'password_reset', { hash: hash(reset), expiresAt: inAnHour() });
    // A token of one purpose is not one of the other.
    expect(await store().verifyEmailByTokenAcrossOrganizations(hash(reset))).toBeUndefined();
    const before = await account(theirs.ownerId);
    expect(await store().resetPasswordByTokenAcrossOrganizations(hash(reset), 'reset')).toMatchObject({ id: ours.ownerId });
    expect(await store().resetPasswordByTokenAcrossOrganizations(hash(reset), 'again')).toBeUndefined();
    expect(await account(ours.ownerId)).toMatchObject({ password_hash: 'reset', email_verified_at: expect.anything() });
    expect(await account(theirs.ownerId)).toEqual(before);

    const verification = randomUUID();
    await store().replaceToken(theirs.id, theirs.ownerId, 'email_verification', { hash: hash(verification), expiresAt: inAnHour() });
    expect(await store().verifyEmailByTokenAcrossOrganizations(hash(verification))).toBe(theirs.ownerId);
    expect(await store().verifyEmailByTokenAcrossOrganizations(hash(verification))).toBeUndefined();
    expect((await account(theirs.ownerId))?.email_verified_at).not.toBeNull();
    expect(await store().resetPasswordByTokenAcrossOrganizations(hash(randomUUID()), 'guess')).toBeUndefined();
  });
});
