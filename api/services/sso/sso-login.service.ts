import { createHash, randomBytes } from 'node:crypto';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import * as oidc from 'openid-client';
import type { SecretBox } from '../../../shared/crypto/secret-box.ts';
import { UserEntity, type User } from '../../../shared/db/entities/index.ts';
import { TENANT_FILTER } from '../../../shared/db/tenant-filter.ts';
import { isRole } from '../../../shared/domain/permissions.ts';
import { PlanLimitReachedError, ServiceUnavailableError, SsoFailedError } from '../../../shared/errors.ts';
import type { Logger } from '../../../shared/logger.ts';
import type { AuditService } from '../audit.service.ts';
import type { TokenResponse } from '../../schemas/auth.schemas.ts';
import type { AuthService } from '../auth.service.ts';
import type { PlanQuota } from '../plan-quota.ts';
import { checkOidcClaims, emailDomain, isOidcKind, type OidcKind, type OidcPresetConfig } from './oidc-presets.ts';
import type { OidcRelyingParty } from './oidc-relying-party.ts';
import type { SamlServiceProvider } from './saml-service-provider.ts';
import type { LoadedSsoConnection, SsoConnectionService } from './sso-connection.service.ts';

/** State, nonce and PKCE verifier (or SAML request id) live this long, server-side, used once. */
export const SSO_REQUEST_TTL_SECONDS = 600;
// A JIT user has no password: this is not a scrypt hash, so no password ever matches it.
const NO_PASSWORD = '!sso';

/** Who is asking, for the audit log. */
export interface SsoRequestMeta {
  method: string;
  path: string;
  ip: string | null;
  userAgent: string | null;
  requestId: string;
}

interface PendingLogin {
  connection_id: string;
  nonce: string | null;
  code_verifier_ciphertext: string | null;
  saml_request_id: string | null;
  redirect_to: string | null;
  created_at: Date | string;
  live: boolean;
}

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

/**
 * `redirect_to` is honoured only on the API's own origin (a path, or an absolute URL there): an
 * open redirect after sign-in would hand a phishing page a trusted starting point. One that does
 * not fit in 2,000 characters once normalized is not honoured either.
 */
export function sameOriginRedirect(redirectTo: string | undefined, publicUrl: string): string | null {
  if (!redirectTo) return null;
  const origin = new URL(publicUrl).origin;
  let target: URL;
  try {
    target = new URL(redirectTo, origin);
  } catch {
    return null;
  }
  if (target.origin !== origin || redirectTo.startsWith('//') || redirectTo.includes('\\')) return null;
  // Normalizing adds the origin and percent-encodes: 2,000 characters asked for can exceed what is kept.
  return target.href.length <= MAX_REDIRECT_LENGTH ? target.href : null;
}

/** sso_login_requests.redirect_to is a varchar(2000). */
const MAX_REDIRECT_LENGTH = 2000;

export type SsoLoginService = ReturnType<typeof createSsoLoginService>;

/**
 * Sign-in through an identity provider: initiate keeps the request's secrets in PostgreSQL and
 * sends the browser away; the callback consumes them (one DELETE: single use across processes),
 * lets openid-client or node-saml validate the answer, then finds or creates the user in the
 * connection's organization and starts a session exactly as a password login does. Every refusal
 * is an SsoFailedError and leaves nothing behind but its audit event.
 */
export function createSsoLoginService(deps: {
  em: () => EntityManager;
  secretBox: SecretBox;
  publicUrl: string;
  connections: Pick<SsoConnectionService, 'resolve' | 'forLogin' | 'findSaml'>;
  oidc: OidcRelyingParty;
  saml: SamlServiceProvider;
  auth: Pick<AuthService, 'startSession'>;
  audit: Pick<AuditService, 'record'>;
  logger: Logger;
  quota: Pick<PlanQuota, 'reserve'>;
}) {
  const unscoped = { filters: { [TENANT_FILTER]: false } } as const;

  async function savePending(
    state: string,
    connectionId: string,
    fields: { nonce?: string; codeVerifier?: string; samlRequestId?: string; redirectTo: string | null },
  ): Promise<void> {
    const em = deps.em();
    await em.execute(
      `insert into sso_login_requests (state_hash, connection_id, nonce, code_verifier_ciphertext, saml_request_id, redirect_to, expires_at)
       values (?, ?, ?, ?, ?, ?, now() + make_interval(secs => ?))`,
      [
        hashState(state),
        connectionId,
        fields.nonce ?? null,
        fields.codeVerifier ? deps.secretBox.encrypt(fields.codeVerifier) : null,
        fields.samlRequestId ?? null,
        fields.redirectTo,
        SSO_REQUEST_TTL_SECONDS,
      ],
      'run',
    );
    // Abandoned sign-ins carry nothing worth keeping (indexed on expires_at).
    await em.execute('delete from sso_login_requests where expires_at < now()', [], 'run');
  }

  /** Deletes and returns the pending sign-in: a second use of the same state finds nothing. */
  async function consumePending(state: string | undefined): Promise<PendingLogin> {
    if (!state) throw new SsoFailedError("The identity provider's answer carries no state");
    const [row] = await deps
      .em()
      .execute<PendingLogin[]>(
        'delete from sso_login_requests where state_hash = ? returning connection_id, nonce, code_verifier_ciphertext, saml_request_id, redirect_to, created_at, expires_at > now() as live',
        [hashState(state)],
      );
    if (!row) throw new SsoFailedError('Unknown or already used sign-in state: start again');
    if (!row.live) throw new SsoFailedError('The sign-in took longer than 10 minutes: start again');
    return row;
  }

  async function audit(
    connection: LoadedSsoConnection,
    meta: SsoRequestMeta,
    event: { type: string; userId: string | null; statusCode: number },
  ) {
    try {
      await deps.audit.record({
        organizationId: connection.organizationId,
        eventType: event.type,
        action: 'ssoCallback',
        method: meta.method,
        path: meta.path,
        targetType: 'sso_connection',
        targetId: connection.id,
        actorType: 'user',
        actorUserId: event.userId,
        actorApiKeyId: null,
        ip: meta.ip,
        userAgent: meta.userAgent,
        requestId: meta.requestId,
        statusCode: event.statusCode,
      });
    } catch (error) {
      deps.logger.error({ err: error, requestId: meta.requestId }, 'SSO audit event not recorded');
    }
  }

  /** The user the verified email names in the connection's organization, created on first sign-in. */
  async function provision(connection: LoadedSsoConnection, email: string, name: string | null, meta: SsoRequestMeta): Promise<User> {
    if (!connection.domains.includes(emailDomain(email)))
      throw new SsoFailedError(`The email domain ${emailDomain(email)} is not one of this connection's domains`);
    const em = deps.em();
    const existing = await em.findOne(UserEntity, { email }, unscoped);
    if (existing) {
      const organizationId = typeof existing.organization === 'string' ? existing.organization : existing.organization.id;
      if (organizationId !== connection.organizationId) throw new SsoFailedError('This email belongs to a user of another organization');
      return existing;
    }
    // Connections stored before owner was refused as a default role must not mint owners either.
    if (!isRole(connection.defaultRole) || connection.defaultRole === 'owner')
      throw new SsoFailedError('The connection has no valid default role');
    try {
      const defaultRole = connection.defaultRole;
      const user = await em.transactional(async (tx) => {
        await deps.quota.reserve(tx, connection.organizationId, 'members');
        const created = tx.create(UserEntity, {
          organization: connection.organizationId,
          email,
          name: (name ?? email.slice(0, email.indexOf('@'))).slice(0, 200),
          role: defaultRole,
          passwordHash: NO_PASSWORD,
          // The identity provider vouched for the address.
          emailVerifiedAt: new Date(),
        });
        await tx.flush();
        return created;
      });
      await audit(connection, meta, { type: 'sso.user_provisioned', userId: user.id, statusCode: 201 });
      return user;
    } catch (error) {
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      // A concurrent first sign-in of the same person created it: use theirs, same checks.
      em.clear();
      const raced = await em.findOne(UserEntity, { email }, unscoped);
      if (!raced || (typeof raced.organization === 'string' ? raced.organization : raced.organization.id) !== connection.organizationId) {
        throw new SsoFailedError('This email belongs to a user of another organization');
      }
      return raced;
    }
  }

  async function oidcIdentity(
    connection: LoadedSsoConnection,
    pending: PendingLogin,
    state: string,
    callback: { params: Record<string, string>; method: 'GET' | 'POST' },
  ) {
    if (callback.params.error) {
      throw new SsoFailedError(
        `The identity provider refused the sign-in: ${callback.params.error}${callback.params.error_description ? ` (${callback.params.error_description})` : ''}`,
      );
    }
    if (!pending.nonce || !pending.code_verifier_ciphertext) throw new SsoFailedError('This sign-in was not started for OpenID Connect');
    let claims: Record<string, unknown>;
    try {
      claims = await deps.oidc.claims(connection, callback, {
        state,
        nonce: pending.nonce,
        codeVerifier: deps.secretBox.decrypt(pending.code_verifier_ciphertext),
      });
    } catch (error) {
      throw new SsoFailedError(`The identity provider's answer was refused: ${describe(error)}`, { cause: error });
    }
    const checked = checkOidcClaims(connection.kind as OidcKind, connection.config as OidcPresetConfig, claims);
    if (!checked.ok) throw new SsoFailedError(checked.reason);
    return { email: checked.email, name: typeof claims.name === 'string' ? claims.name : null };
  }

  async function samlIdentity(connection: LoadedSsoConnection, pending: PendingLogin, body: { SAMLResponse: string; RelayState?: string }) {
    if (!pending.saml_request_id) throw new SsoFailedError('This sign-in was not started for SAML');
    let facts;
    try {
      facts = await deps.saml.validate(connection, body, { requestId: pending.saml_request_id, createdAt: new Date(pending.created_at) });
    } catch (error) {
      throw new SsoFailedError(`The SAML response was refused: ${describe(error)}`, { cause: error });
    }
    // Each assertion is accepted once per connection, remembered until it could no longer validate.
    const em = deps.em();
    const fresh = await em.execute<Array<{ assertion_id: string }>>(
      'insert into sso_assertions (connection_id, assertion_id, expires_at) values (?, ?, ?) on conflict do nothing returning assertion_id',
      [connection.id, facts.assertionId, facts.notOnOrAfter],
    );
    await em.execute('delete from sso_assertions where expires_at < now()', [], 'run');
    if (fresh.length === 0) throw new SsoFailedError('This SAML assertion was already used');
    if (!facts.email) throw new SsoFailedError('The SAML assertion names no email address (NameID or an email attribute)');
    return { email: facts.email, name: facts.name };
  }

  return {
    /** The identity provider URL for a new sign-in. Unknown or disabled connection: SSO_CONNECTION_NOT_FOUND. */
    async initiate(query: {
      connection_id?: string;
      email?: string;
      organization_id?: string;
      redirect_to?: string;
    }): Promise<{ authorizationUrl: string }> {
      const connection = await deps.connections.resolve(query);
      const redirectTo = sameOriginRedirect(query.redirect_to, deps.publicUrl);
      const state = randomBytes(32).toString('base64url');
      try {
        if (isOidcKind(connection.kind)) {
          const nonce = oidc.randomNonce();
          const codeVerifier = oidc.randomPKCECodeVerifier();
          // Built first: an unreachable identity provider leaves no pending row behind.
          const authorizationUrl = await deps.oidc.authorizationUrl(connection, { state, nonce, codeVerifier });
          await savePending(state, connection.id, { nonce, codeVerifier, redirectTo });
          return { authorizationUrl };
        }
        // The SAML RelayState carries the state; the request id is known once node-saml built the request.
        const { url, requestId } = await deps.saml.authorizationUrl(connection, state);
        await savePending(state, connection.id, { samlRequestId: requestId, redirectTo });
        return { authorizationUrl: url };
      } catch (error) {
        if (error instanceof SsoFailedError) throw error;
        if ((error as { code?: string }).code === 'ECONNREFUSED' || error instanceof oidc.ClientError || error instanceof TypeError) {
          throw new ServiceUnavailableError(`The identity provider could not be reached: ${describe(error)}`, { cause: error });
        }
        throw error;
      }
    },

    /**
     * Validates the identity provider's answer (OIDC query or form_post, or a SAML ACS post) and
     * signs the user in. Refusals are audited in the connection's organization when it is known.
     */
    async callback(
      params: Record<string, string>,
      method: 'GET' | 'POST',
      meta: SsoRequestMeta,
    ): Promise<{ tokens: TokenResponse; redirectTo: string | null }> {
      const isSaml = typeof params.SAMLResponse === 'string';
      const state = isSaml ? params.RelayState : params.state;
      let connection: LoadedSsoConnection | null = null;
      try {
        // SAML responses come by HTTP-POST only: a query string would put the assertion in logs and browser history.
        if (isSaml && method !== 'POST') throw new SsoFailedError('SAML responses are accepted by HTTP-POST only');
        const pending = await consumePending(state);
        connection = await deps.connections.forLogin(pending.connection_id);
        if (!connection) throw new SsoFailedError('The SSO connection is disabled');
        const identity = isSaml
          ? await samlIdentity(connection, pending, { SAMLResponse: params.SAMLResponse as string, RelayState: state })
          : await oidcIdentity(connection, pending, state as string, { params, method });
        const user = await provision(connection, identity.email, identity.name, meta);
        const tokens = await deps.auth.startSession(user, 'sso');
        await audit(connection, meta, { type: 'sso.login', userId: user.id, statusCode: pending.redirect_to ? 302 : 200 });
        return { tokens, redirectTo: pending.redirect_to };
      } catch (error) {
        if (error instanceof SsoFailedError || error instanceof PlanLimitReachedError) {
          if (connection) await audit(connection, meta, { type: 'sso.login_refused', userId: null, statusCode: error.status });
          deps.logger.info({ requestId: meta.requestId, connectionId: connection?.id, reason: error.message }, 'SSO sign-in refused');
        }
        throw error;
      }
    },

    /** SP metadata XML of an enabled SAML connection. */
    async metadata(connectionId: string): Promise<string> {
      return deps.saml.metadata(await deps.connections.findSaml(connectionId));
    },
  };
}

/**
 * The library's message, and the one it wraps (openid-client wraps oauth4webapi's, which names
 * the claim it compared): enough for a person and the log to tell a bad nonce from a bad issuer.
 */
function describe(error: unknown): string {
  const parts: string[] = [];
  let node: unknown = error;
  for (let depth = 0; node && depth < 4; depth += 1) {
    if (node instanceof Error) {
      if (!parts.includes(node.message)) parts.push(node.message);
    } else if (typeof node === 'object' && typeof (node as { claim?: unknown }).claim === 'string') {
      parts.push(`claim ${(node as { claim: string }).claim}`);
    }
    node = (node as { cause?: unknown }).cause;
  }
  return (parts.join(': ') || String(error)).slice(0, 300);
}
