import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { UserEntity } from '../entities/index.ts';
import { unscoped } from '../tenant-filter.ts';
import type { Role } from '../../domain/permissions.ts';
import type { QuotaUnitOfWork } from './plan-quotas.ts';
import { userRecord, type UserRecord } from './users.ts';

/** A sign-in begun at `/sso/initiate` and not yet answered (`sso_login_requests`). */
export interface PendingLoginRow {
  connection_id: string;
  nonce: string | null;
  code_verifier_ciphertext: string | null;
  saml_request_id: string | null;
  redirect_to: string | null;
  /** Set when a signed-in user started this sign-in to link the identity to their account. */
  link_user_id: string | null;
  created_at: Date | string;
  live: boolean;
}

/** An identity at an identity provider, as accounts are linked to it. */
export interface IdentityKey {
  issuer: string;
  subject: string;
}

/** Records a pending sign-in by its state's hash, and prunes the abandoned ones (indexed on expires_at). */
export async function insertPendingLogin(
  em: EntityManager,
  request: Omit<PendingLoginRow, 'created_at' | 'live'> & { state_hash: string; ttlSeconds: number },
): Promise<void> {
  await em.execute(
    `insert into sso_login_requests (state_hash, connection_id, nonce, code_verifier_ciphertext, saml_request_id, redirect_to, link_user_id, expires_at)
     values (?, ?, ?, ?, ?, ?, ?, now() + make_interval(secs => ?))`,
    [
      request.state_hash,
      request.connection_id,
      request.nonce,
      request.code_verifier_ciphertext,
      request.saml_request_id,
      request.redirect_to,
      request.link_user_id,
      request.ttlSeconds,
    ],
    'run',
  );
  await em.execute('delete from sso_login_requests where expires_at < now()', [], 'run');
}

/** Deletes and returns the pending sign-in: a second use of the same state finds nothing. */
export async function takePendingLogin(em: EntityManager, stateHash: string): Promise<PendingLoginRow | undefined> {
  const [row] = await em.execute<PendingLoginRow[]>(
    'delete from sso_login_requests where state_hash = ? returning connection_id, nonce, code_verifier_ciphertext, saml_request_id, redirect_to, link_user_id, created_at, expires_at > now() as live',
    [stateHash],
  );
  return row;
}

/** The id of the user the identity is linked to through the connection, when that user is in the organization. */
export async function linkedUserId(
  em: EntityManager,
  connection: { id: string; organizationId: string },
  identity: IdentityKey,
): Promise<string | undefined> {
  const [row] = await em.execute<Array<{ user_id: string }>>(
    `select i.user_id from sso_identities i join users u on u.id = i.user_id
     where i.connection_id = ? and i.issuer = ? and i.subject = ? and u.organization_id = ?`,
    [connection.id, identity.issuer, identity.subject, connection.organizationId],
  );
  return row?.user_id;
}

/**
 * Links the identity to the user, when the user is in the organization; a unique violation when
 * the identity is another user's.
 */
export async function insertIdentityLink(
  em: EntityManager,
  organizationId: string,
  connectionId: string,
  userId: string,
  identity: IdentityKey,
): Promise<void> {
  await em.execute(
    `insert into sso_identities (connection_id, issuer, subject, user_id)
     select ?, ?, ?, u.id from users u where u.id = ? and u.organization_id = ?`,
    [connectionId, identity.issuer, identity.subject, userId, organizationId],
    'run',
  );
}

/** Drops the user's link through the connection (one identity per user and connection), when the user is in the organization. */
export async function deleteIdentityLink(em: EntityManager, organizationId: string, connectionId: string, userId: string): Promise<void> {
  await em.execute(
    `delete from sso_identities where connection_id = ? and user_id = ?
       and user_id in (select u.id from users u where u.id = ? and u.organization_id = ?)`,
    [connectionId, userId, userId, organizationId],
    'run',
  );
}

/** Whether a link request for this very identity, still valid for at least `minRemainingSeconds`, is pending. */
export async function hasPendingLinkRequest(
  em: EntityManager,
  request: { organizationId: string; userId: string; connectionId: string; identity: IdentityKey; minRemainingSeconds: number },
): Promise<boolean> {
  const [recent] = await em.execute<Array<{ ok: number }>>(
    `select 1 as ok from sso_link_requests r join users u on u.id = r.user_id and u.organization_id = ?
     where r.user_id = ? and r.connection_id = ? and r.issuer = ? and r.subject = ?
       and r.expires_at > now() + make_interval(secs => ?)`,
    [
      request.organizationId,
      request.userId,
      request.connectionId,
      request.identity.issuer,
      request.identity.subject,
      request.minRemainingSeconds,
    ],
  );
  return recent !== undefined;
}

/**
 * Replaces the user's link request through the connection (and prunes expired ones, whoever's);
 * returns when the new one expires, undefined when the user is not in the organization.
 */
export async function replaceLinkRequest(
  em: EntityManager,
  request: { organizationId: string; tokenHash: string; userId: string; connectionId: string; identity: IdentityKey; ttlSeconds: number },
): Promise<Date | string | undefined> {
  await em.execute(
    `delete from sso_link_requests
     where (user_id = ? and connection_id = ? and user_id in (select u.id from users u where u.id = ? and u.organization_id = ?))
        or expires_at < now()`,
    [request.userId, request.connectionId, request.userId, request.organizationId],
    'run',
  );
  const [row] = await em.execute<Array<{ expires_at: Date | string }>>(
    `insert into sso_link_requests (token_hash, connection_id, user_id, issuer, subject, expires_at)
     select ?, ?, u.id, ?, ?, now() + make_interval(secs => ?) from users u where u.id = ? and u.organization_id = ?
     returning expires_at`,
    [
      request.tokenHash,
      request.connectionId,
      request.identity.issuer,
      request.identity.subject,
      request.ttlSeconds,
      request.userId,
      request.organizationId,
    ],
  );
  return row?.expires_at;
}

/** Deletes and returns the link request with this token hash: it works once. */
export async function takeLinkRequest(
  em: EntityManager,
  tokenHash: string,
): Promise<({ connection_id: string; user_id: string; live: boolean } & IdentityKey) | undefined> {
  const [row] = await em.execute<Array<{ connection_id: string; user_id: string; issuer: string; subject: string; live: boolean }>>(
    'delete from sso_link_requests where token_hash = ? returning connection_id, user_id, issuer, subject, expires_at > now() as live',
    [tokenHash],
  );
  return row;
}

/** Whether the domain is verified for the connection, a connection of the organization. */
export async function isDomainVerified(
  em: EntityManager,
  connection: { id: string; organizationId: string },
  domain: string,
): Promise<boolean> {
  const [verified] = await em.execute<Array<{ ok: number }>>(
    `select 1 as ok from sso_domains d join sso_connections c on c.id = d.connection_id and c.organization_id = ?
     where d.connection_id = ? and d.domain = ? and d.verified_at is not null`,
    [connection.organizationId, connection.id, domain],
  );
  return verified !== undefined;
}

/**
 * Remembers a SAML assertion id for the connection until it could no longer validate, and prunes
 * the expired ones; false when it was seen before (a replay).
 */
export async function rememberAssertion(em: EntityManager, connectionId: string, assertionId: string, expiresAt: Date): Promise<boolean> {
  const fresh = await em.execute<Array<{ assertion_id: string }>>(
    'insert into sso_assertions (connection_id, assertion_id, expires_at) values (?, ?, ?) on conflict do nothing returning assertion_id',
    [connectionId, assertionId, expiresAt],
  );
  await em.execute('delete from sso_assertions where expires_at < now()', [], 'run');
  return fresh.length > 0;
}

/** A connection as the sign-in through it knows it: the organization it belongs to. */
export interface SsoConnectionKey {
  id: string;
  organizationId: string;
}

/** A new account created by a first sign-in, linked to the identity that signed in. */
export interface ProvisionedUser {
  email: string;
  name: string;
  role: Role;
  passwordHash: string;
}

/**
 * What signing in through an identity provider reads and writes. Accounts are read within the
 * connection's organization, but for the lookup by email (emails are unique across organizations,
 * and one of another organization is refused by name). The pending sign-in and the mailed link
 * are found by their secret's hash, whichever organization they are of: the secret is the credential.
 * Assertions are remembered per connection, which is one organization's.
 */
export interface SsoLoginStore {
  savePendingLogin(request: Omit<PendingLoginRow, 'created_at' | 'live'> & { state_hash: string; ttlSeconds: number }): Promise<void>;
  /** Deletes and returns the pending sign-in: a second use of the same state finds nothing. */
  takePendingLoginAcrossOrganizations(stateHash: string): Promise<PendingLoginRow | undefined>;
  /** Deletes and returns the mailed link request with this token hash: it works once. */
  takeLinkRequestAcrossOrganizations(
    tokenHash: string,
  ): Promise<({ connection_id: string; user_id: string; live: boolean } & IdentityKey) | undefined>;
  user(organizationId: string, id: string): Promise<UserRecord | undefined>;
  /** The account with this email in any organization: the caller refuses one of another organization. */
  userByEmailAcrossOrganizations(email: string): Promise<UserRecord | undefined>;
  /** The organization's user the identity is linked to through the connection. */
  linkedUser(connection: SsoConnectionKey, identity: IdentityKey): Promise<UserRecord | undefined>;
  /**
   * Links the identity to the organization's user in one transaction, replacing the user's previous
   * link through the connection. False when the identity is another user's.
   */
  replaceIdentityLink(connection: SsoConnectionKey, userId: string, identity: IdentityKey): Promise<boolean>;
  hasPendingLinkRequest(
    connection: SsoConnectionKey,
    request: { userId: string; identity: IdentityKey; minRemainingSeconds: number },
  ): Promise<boolean>;
  replaceLinkRequest(
    connection: SsoConnectionKey,
    request: { tokenHash: string; userId: string; identity: IdentityKey; ttlSeconds: number },
  ): Promise<Date | string | undefined>;
  isDomainVerified(connection: SsoConnectionKey, domain: string): Promise<boolean>;
  /** False when the connection saw this assertion before (a replay). */
  rememberAssertion(connectionId: string, assertionId: string, expiresAt: Date): Promise<boolean>;
  /**
   * Creates the account in the connection's organization and links the identity to it, in one
   * transaction with `reserve` (the plan's member quota, which throws to refuse): all or none.
   * Undefined when a unique violation says a concurrent sign-in created it first.
   */
  provisionReserving(
    connection: SsoConnectionKey,
    reserve: (tx: QuotaUnitOfWork) => Promise<void>,
    user: ProvisionedUser,
    identity: IdentityKey,
  ): Promise<UserRecord | undefined>;
}

const isUniqueViolation = (error: unknown) =>
  error instanceof UniqueConstraintViolationException || (error as { code?: string }).code === '23505';

export function createSsoLoginStore(em: EntityManager): SsoLoginStore {
  const user = async (organizationId: string, id: string) => {
    const found = await em.findOne(UserEntity, { id, organization: organizationId }, unscoped);
    return found ? userRecord(found) : undefined;
  };
  return {
    savePendingLogin: (request) => insertPendingLogin(em, request),
    takePendingLoginAcrossOrganizations: (stateHash) => takePendingLogin(em, stateHash),
    takeLinkRequestAcrossOrganizations: (tokenHash) => takeLinkRequest(em, tokenHash),
    user,

    async userByEmailAcrossOrganizations(email) {
      const found = await em.findOne(UserEntity, { email }, unscoped);
      return found ? userRecord(found) : undefined;
    },

    async linkedUser(connection, identity) {
      const userId = await linkedUserId(em, connection, identity);
      return userId ? user(connection.organizationId, userId) : undefined;
    },

    async replaceIdentityLink(connection, userId, identity) {
      try {
        await em.transactional(async (tx) => {
          await deleteIdentityLink(tx, connection.organizationId, connection.id, userId);
          await insertIdentityLink(tx, connection.organizationId, connection.id, userId, identity);
        });
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },

    hasPendingLinkRequest: (connection, request) =>
      hasPendingLinkRequest(em, { ...request, organizationId: connection.organizationId, connectionId: connection.id }),
    replaceLinkRequest: (connection, request) =>
      replaceLinkRequest(em, { ...request, organizationId: connection.organizationId, connectionId: connection.id }),
    isDomainVerified: (connection, domain) => isDomainVerified(em, connection, domain),
    rememberAssertion: (connectionId, assertionId, expiresAt) => rememberAssertion(em, connectionId, assertionId, expiresAt),

    async provisionReserving(connection, reserve, fields, identity) {
      try {
        return await em.transactional(async (tx) => {
          await reserve(tx);
          const created = tx.create(UserEntity, {
            organization: connection.organizationId,
            ...fields,
            // The identity provider vouched for the address.
            emailVerifiedAt: new Date(),
          });
          await tx.flush();
          await insertIdentityLink(tx, connection.organizationId, connection.id, created.id, identity);
          return userRecord(created);
        });
      } catch (error) {
        if (!(error instanceof UniqueConstraintViolationException)) throw error;
        // Nothing of the failed transaction stays in this unit of work.
        em.clear();
        return undefined;
      }
    },
  };
}
