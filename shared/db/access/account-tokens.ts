import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AccountTokenEntity, UserEntity, type AccountTokenPurpose, type User } from '../entities/index.ts';
import { unscoped } from '../tenant-filter.ts';

/** A member's sign-in account as its own password and email checks need it. */
export interface AccountRecord {
  id: string;
  organizationId: string;
  email: string;
  passwordHash: string;
  emailVerifiedAt: Date | null;
}

/**
 * Accounts and their single-use mailed tokens (stored hashed). Every method takes the organization,
 * except those named AcrossOrganizations: there the email or the token is all the caller knows.
 */
export interface AccountStore {
  /** Throws when the user is not the organization's. */
  find(organizationId: string, userId: string): Promise<AccountRecord>;
  /** Emails are unique across organizations: a password reset request names only the address. */
  findByEmailAcrossOrganizations(email: string): Promise<AccountRecord | undefined>;
  /** Replaces the user's earlier tokens of this purpose, so only the latest mail works. Nothing for another organization's user. */
  replaceToken(
    organizationId: string,
    userId: string,
    purpose: AccountTokenPurpose,
    token: { hash: string; expiresAt: Date },
  ): Promise<void>;
  /** Throws when the user is not the organization's. */
  setPasswordHash(organizationId: string, userId: string, passwordHash: string): Promise<void>;
  /**
   * In one transaction: spends the password reset token, sets the password and marks the email
   * verified (receiving the mail proves it). The account; undefined when the token is unknown,
   * used or expired.
   */
  resetPasswordByTokenAcrossOrganizations(tokenHash: string, passwordHash: string): Promise<AccountRecord | undefined>;
  /** In one transaction: spends the verification token and marks the email verified. The user's id, or undefined. */
  verifyEmailByTokenAcrossOrganizations(tokenHash: string): Promise<string | undefined>;
}

const accountRecord = (user: User): AccountRecord => ({
  id: user.id,
  organizationId: user.organization.id,
  email: user.email,
  passwordHash: user.passwordHash,
  emailVerifiedAt: user.emailVerifiedAt ?? null,
});

/**
 * Marks a live, unused account token spent in one statement (so two concurrent uses cannot both
 * succeed); its user, or undefined when the token is unknown, used or expired.
 */
async function consumeAccountToken(
  em: EntityManager,
  tokenHash: string,
  purpose: AccountTokenPurpose,
): Promise<{ userId: string; organizationId: string } | undefined> {
  const [row] = await em.execute<Array<{ user_id: string; organization_id: string }>>(
    `update account_tokens set used_at = now()
      where token_hash = ? and purpose = ? and used_at is null and expires_at > now()
      returning user_id, organization_id`,
    [tokenHash, purpose],
  );
  return row ? { userId: row.user_id, organizationId: row.organization_id } : undefined;
}

export function createAccountStore(em: EntityManager): AccountStore {
  const findUser = (work: EntityManager, organizationId: string, userId: string) =>
    work.findOneOrFail(UserEntity, { id: userId, organization: organizationId }, unscoped);

  /** The token's user, changed by `change` and written in the same transaction as the token's use. */
  const spend = (tokenHash: string, purpose: AccountTokenPurpose, change: (user: User) => void) =>
    em.transactional(async (tx) => {
      const owner = await consumeAccountToken(tx, tokenHash, purpose);
      if (!owner) return undefined;
      const user = await findUser(tx, owner.organizationId, owner.userId);
      change(user);
      await tx.flush();
      return accountRecord(user);
    });

  return {
    find: async (organizationId, userId) => accountRecord(await findUser(em, organizationId, userId)),

    async findByEmailAcrossOrganizations(email) {
      const user = await em.findOne(UserEntity, { email }, unscoped);
      return user ? accountRecord(user) : undefined;
    },

    async replaceToken(organizationId, userId, purpose, token) {
      await em.nativeDelete(AccountTokenEntity, { organization: organizationId, user: userId, purpose }, unscoped);
      // Only for a member of the organization: nothing is written otherwise.
      await em.execute(
        `insert into account_tokens (id, organization_id, user_id, purpose, token_hash, expires_at, created_at)
         select ?, u.organization_id, u.id, ?, ?, ?, now() from users u where u.id = ? and u.organization_id = ?`,
        [randomUUID(), purpose, token.hash, token.expiresAt, userId, organizationId],
        'run',
      );
    },

    async setPasswordHash(organizationId, userId, passwordHash) {
      const user = await findUser(em, organizationId, userId);
      user.passwordHash = passwordHash;
      await em.flush();
    },

    resetPasswordByTokenAcrossOrganizations: (tokenHash, passwordHash) =>
      spend(tokenHash, 'password_reset', (user) => {
        user.passwordHash = passwordHash;
        user.emailVerifiedAt ??= new Date();
      }),

    async verifyEmailByTokenAcrossOrganizations(tokenHash) {
      const account = await spend(tokenHash, 'email_verification', (user) => {
        user.emailVerifiedAt ??= new Date();
      });
      return account?.id;
    },
  };
}
