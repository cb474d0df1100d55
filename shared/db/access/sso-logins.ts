import type { EntityManager } from '@mikro-orm/postgresql';

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

/** Links the identity to the user; a unique violation when the identity is another user's. */
export async function insertIdentityLink(em: EntityManager, connectionId: string, userId: string, identity: IdentityKey): Promise<void> {
  await em.execute(
    'insert into sso_identities (connection_id, issuer, subject, user_id) values (?, ?, ?, ?)',
    [connectionId, identity.issuer, identity.subject, userId],
    'run',
  );
}

/** Drops the user's link through the connection (one identity per user and connection). */
export async function deleteIdentityLink(em: EntityManager, connectionId: string, userId: string): Promise<void> {
  await em.execute('delete from sso_identities where connection_id = ? and user_id = ?', [connectionId, userId], 'run');
}

/** Whether a link request for this very identity, still valid for at least `minRemainingSeconds`, is pending. */
export async function hasPendingLinkRequest(
  em: EntityManager,
  request: { userId: string; connectionId: string; identity: IdentityKey; minRemainingSeconds: number },
): Promise<boolean> {
  const [recent] = await em.execute<Array<{ ok: number }>>(
    `select 1 as ok from sso_link_requests where user_id = ? and connection_id = ? and issuer = ? and subject = ?
       and expires_at > now() + make_interval(secs => ?)`,
    [request.userId, request.connectionId, request.identity.issuer, request.identity.subject, request.minRemainingSeconds],
  );
  return recent !== undefined;
}

/** Replaces the user's link request through the connection (and prunes expired ones); returns when the new one expires. */
export async function replaceLinkRequest(
  em: EntityManager,
  request: { tokenHash: string; userId: string; connectionId: string; identity: IdentityKey; ttlSeconds: number },
): Promise<Date | string | undefined> {
  await em.execute(
    'delete from sso_link_requests where (user_id = ? and connection_id = ?) or expires_at < now()',
    [request.userId, request.connectionId],
    'run',
  );
  const [row] = await em.execute<Array<{ expires_at: Date | string }>>(
    `insert into sso_link_requests (token_hash, connection_id, user_id, issuer, subject, expires_at)
     values (?, ?, ?, ?, ?, now() + make_interval(secs => ?)) returning expires_at`,
    [request.tokenHash, request.connectionId, request.userId, request.identity.issuer, request.identity.subject, request.ttlSeconds],
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

/** Whether the domain is verified for the connection. */
export async function isDomainVerified(em: EntityManager, connectionId: string, domain: string): Promise<boolean> {
  const [verified] = await em.execute<Array<{ ok: number }>>(
    'select 1 as ok from sso_domains where connection_id = ? and domain = ? and verified_at is not null',
    [connectionId, domain],
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
