import { createHash, randomBytes } from 'node:crypto';
import { generateOpaqueToken, hashOpaqueToken } from '../../../shared/auth/api-keys.ts';
import * as oidc from 'openid-client';
import type { SecretBox } from '../../../shared/crypto/secret-box.ts';
import type { PendingLoginRow, SsoLoginStore } from '../../../shared/db/access/sso-logins.ts';
import type { UserRecord } from '../../../shared/db/access/users.ts';
import { isRole } from '../../../shared/domain/permissions.ts';
import {
  AppError,
  ConflictError,
  InvalidTokenError,
  PlanLimitReachedError,
  ServiceUnavailableError,
  SsoFailedError,
} from '../../../shared/errors.ts';
import type { Logger } from '../../../shared/logger.ts';
import { OutboundRefusedError } from '../../../shared/net/outbound-http.ts';
import type { Mailer } from '../../../shared/mail/mailer.ts';
import type { AuthContext } from '../../auth-context.ts';
import type { AuditService } from '../audit.service.ts';
import type { TokenResponse } from '../../schemas/auth.schemas.ts';
import type { AuthService } from '../auth.service.ts';
import type { PlanQuota } from '../plan-quota.ts';
import { checkOidcClaims, emailDomain, isOidcKind, type OidcKind, type OidcPresetConfig } from './oidc-presets.ts';
import type { OidcRelyingParty } from './oidc-relying-party.ts';
import type { SamlServiceProvider } from './saml-service-provider.ts';
import type { SsoConnectionService } from './sso-connection.service.ts';
import type { LoadedSsoConnection, SsoRequestMeta } from './sso-types.ts';

const IDP_UNREACHABLE = 'The identity provider could not be reached; try again later';

/** State, nonce and PKCE verifier (or SAML request id) live this long, server-side, used once. */
export const SSO_REQUEST_TTL_SECONDS = 600;
// A JIT user has no password: this is not a scrypt hash, so no password ever matches it.
const NO_PASSWORD = '!sso';
/** A mailed identity link is good for an hour, once, like a password reset. */
export const SSO_LINK_TTL_SECONDS = 3600;
/** A repeated attempt by the same identity mails the account again only after this long: no mail flood. */
export const SSO_LINK_MAIL_INTERVAL_SECONDS = 600;
const TRANSIENT_NAME_ID = 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient';
const MAX_SUBJECT_LENGTH = 500;

/** Who is asking, for the audit log. */

type PendingLogin = PendingLoginRow;

/** What the identity provider vouched for: the linked identity (issuer, subject) and the email. */
interface SsoIdentity {
  email: string;
  name: string | null;
  issuer: string;
  subject: string;
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
  /** A fresh unit of work per call. */
  ssoLogins: () => SsoLoginStore;
  secretBox: SecretBox;
  publicUrl: string;
  connections: Pick<SsoConnectionService, 'resolve' | 'forLogin' | 'findSaml'>;
  oidc: OidcRelyingParty;
  saml: SamlServiceProvider;
  auth: Pick<AuthService, 'startSession'>;
  audit: Pick<AuditService, 'record'>;
  logger: Logger;
  quota: Pick<PlanQuota, 'reserve'>;
  mailer: Pick<Mailer, 'send'>;
}) {
  async function savePending(
    state: string,
    connectionId: string,
    fields: { nonce?: string; codeVerifier?: string; samlRequestId?: string; redirectTo: string | null; linkUserId: string | null },
  ): Promise<void> {
    // Abandoned sign-ins are pruned as new ones are saved.
    await deps.ssoLogins().savePendingLogin({
      state_hash: hashState(state),
      connection_id: connectionId,
      nonce: fields.nonce ?? null,
      code_verifier_ciphertext: fields.codeVerifier ? deps.secretBox.encrypt(fields.codeVerifier) : null,
      saml_request_id: fields.samlRequestId ?? null,
      redirect_to: fields.redirectTo,
      link_user_id: fields.linkUserId,
      ttlSeconds: SSO_REQUEST_TTL_SECONDS,
    });
  }

  /** Deletes and returns the pending sign-in: a second use of the same state finds nothing. */
  async function consumePending(state: string | undefined): Promise<PendingLogin> {
    if (!state) throw new SsoFailedError("The identity provider's answer carries no state");
    const row = await deps.ssoLogins().takePendingLoginAcrossOrganizations(hashState(state));
    if (!row) throw new SsoFailedError('Unknown or already used sign-in state: start again');
    if (!row.live) throw new SsoFailedError('The sign-in took longer than 10 minutes: start again');
    return row;
  }

  async function audit(
    connection: LoadedSsoConnection,
    meta: SsoRequestMeta,
    event: { type: string; userId: string | null; statusCode: number; action?: string },
  ) {
    try {
      await deps.audit.record({
        organizationId: connection.organizationId,
        eventType: event.type,
        action: event.action ?? 'ssoCallback',
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

  /**
   * Links the identity to the user; one identity per user and connection, so a new link replaces
   * the user's previous one there. Returns false when the identity is another user's.
   */
  function link(connection: LoadedSsoConnection, userId: string, identity: Pick<SsoIdentity, 'issuer' | 'subject'>): Promise<boolean> {
    return deps.ssoLogins().replaceIdentityLink(connection, userId, identity);
  }

  /**
   * A first sign-in names the email of an existing account: nobody is signed in. The account's
   * owner gets a single-use link (hashed here) that links this identity once they confirm it.
   */
  async function requestLink(
    connection: LoadedSsoConnection,
    user: UserRecord,
    identity: SsoIdentity,
    meta: SsoRequestMeta,
  ): Promise<void> {
    const token = generateOpaqueToken();
    const store = deps.ssoLogins();
    // The pending link mailed for this very identity a moment ago still works: do not mail it again.
    const pending = await store.hasPendingLinkRequest(connection, {
      userId: user.id,
      identity,
      minRemainingSeconds: SSO_LINK_TTL_SECONDS - SSO_LINK_MAIL_INTERVAL_SECONDS,
    });
    if (pending) return;
    const expiresAt = await store.replaceLinkRequest(connection, {
      tokenHash: hashOpaqueToken(token),
      userId: user.id,
      identity,
      ttlSeconds: SSO_LINK_TTL_SECONDS,
    });
    await audit(connection, meta, { type: 'sso.link_requested', userId: user.id, statusCode: 401 });
    try {
      await deps.mailer.send({
        to: user.email,
        subject: `Link your Tocsin account to the sign-in through ${connection.name}?`,
        text: [
          `Someone just tried to sign in as ${identity.email} through the single sign-on connection "${connection.name}" of your organization,`,
          `an identity (${identity.issuer}, subject ${identity.subject}) your Tocsin account is not linked to. Nobody was signed in.`,
          '',
          'If it was you, link it (POST /api/v1/sso/link/confirm with {"token"} below), then sign in through that connection again.',
          '',
          'Once linked, whoever controls that identity at the identity provider signs in as you.',
          "If it was not you, do not link it, and tell your organization's owner.",
          '',
          `Link token: ${token}`,
          `It can be used once and expires at ${new Date(expiresAt ?? Date.now()).toISOString()}.`,
        ].join('\n'),
      });
    } catch (error) {
      deps.logger.error({ err: error, requestId: meta.requestId }, 'SSO link mail not sent');
    }
  }

  /**
   * The user this identity signs in: the one it is linked to; in link mode, the signed-in user who
   * asked (same email); else a new user with the connection's default role. An existing account
   * is never matched by email alone: it gets a link to confirm, and nobody is signed in.
   */
  async function provision(
    connection: LoadedSsoConnection,
    identity: SsoIdentity,
    pending: PendingLogin,
    meta: SsoRequestMeta,
  ): Promise<UserRecord> {
    const { email, name } = identity;
    if (!connection.domains.includes(emailDomain(email)))
      throw new SsoFailedError(`The email domain ${emailDomain(email)} is not one of this connection's domains`);
    const store = deps.ssoLogins();
    if (pending.link_user_id) {
      // The user who started linking, looked for in the connection's organization only.
      const user = await store.user(connection.organizationId, pending.link_user_id);
      if (!user) throw new SsoFailedError('This connection is not of your organization');
      if (user.email !== email) throw new SsoFailedError(`The identity provider signed in ${email}, not ${user.email}`);
      if (!(await link(connection, user.id, identity))) throw new SsoFailedError('This identity is already linked to another account');
      await audit(connection, meta, { type: 'sso.identity_linked', userId: user.id, statusCode: 200 });
      return user;
    }
    const linked = await store.linkedUser(connection, identity);
    if (linked) return linked;
    const existing = await store.userByEmailAcrossOrganizations(email);
    if (existing) {
      if (existing.organizationId !== connection.organizationId)
        throw new SsoFailedError('This email belongs to a user of another organization');
      await requestLink(connection, existing, identity, meta);
      throw new SsoFailedError(
        'An account with this email exists and is not linked to this identity: a link to confirm it was mailed to that address ' +
          '(or sign in with the password and link it through POST /sso/link)',
      );
    }
    // A new account takes a verified domain: an unverified claim could otherwise mint accounts for
    // another company's addresses, which their real owners could then never register.
    if (!(await store.isDomainVerified(connection, emailDomain(email))))
      throw new SsoFailedError(
        `No account exists for ${email}, and ${emailDomain(email)} is not verified for this connection: accounts are created only for verified domains`,
      );
    // Connections stored before owner was refused as a default role must not mint owners either.
    if (!isRole(connection.defaultRole) || connection.defaultRole === 'owner')
      throw new SsoFailedError('The connection has no valid default role');
    const user = await store.provisionReserving(
      connection,
      (tx) => deps.quota.reserve(tx, connection.organizationId, 'members'),
      { email, name: (name ?? email.slice(0, email.indexOf('@'))).slice(0, 200), role: connection.defaultRole, passwordHash: NO_PASSWORD },
      identity,
    );
    if (user) {
      await audit(connection, meta, { type: 'sso.user_provisioned', userId: user.id, statusCode: 201 });
      return user;
    }
    // A concurrent first sign-in of the same identity created it: use theirs.
    const raced = await deps.ssoLogins().linkedUser(connection, identity);
    if (!raced) throw new SsoFailedError('This email was registered while signing in: sign in again');
    return raced;
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
      // No answer from the identity provider: what failed (an address, a port) is for the log only.
      if (error instanceof TypeError) throw new SsoFailedError(IDP_UNREACHABLE, { cause: error });
      throw new SsoFailedError(`The identity provider's answer was refused: ${describe(error)}`, { cause: error });
    }
    const checked = checkOidcClaims(connection.kind as OidcKind, connection.config as OidcPresetConfig, claims);
    if (!checked.ok) throw new SsoFailedError(checked.reason);
    if (typeof claims.sub !== 'string' || !claims.sub || claims.sub.length > MAX_SUBJECT_LENGTH || typeof claims.iss !== 'string')
      throw new SsoFailedError('The id_token names no usable subject (sub) or issuer');
    return { email: checked.email, name: typeof claims.name === 'string' ? claims.name : null, issuer: claims.iss, subject: claims.sub };
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
    if (!(await deps.ssoLogins().rememberAssertion(connection.id, facts.assertionId, facts.notOnOrAfter)))
      throw new SsoFailedError('This SAML assertion was already used');
    // The NameID is what the account is linked by: a transient one changes at every sign-in.
    if (!facts.nameId || facts.nameId.length > MAX_SUBJECT_LENGTH || facts.nameIdFormat === TRANSIENT_NAME_ID)
      throw new SsoFailedError(
        'The SAML assertion needs a persistent NameID (or an email one): a transient NameID cannot be linked to an account',
      );
    if (!facts.email) throw new SsoFailedError('The SAML assertion names no email address (NameID or an email attribute)');
    return { email: facts.email, name: facts.name, issuer: String(connection.config.idp_entity_id), subject: facts.nameId };
  }

  /** The identity provider URL for a sign-in through this connection (for `linkUserId`, in link mode). */
  async function begin(
    connection: LoadedSsoConnection,
    redirectTo: string | null,
    linkUserId: string | null,
  ): Promise<{ authorizationUrl: string; state: string }> {
    const state = randomBytes(32).toString('base64url');
    try {
      if (isOidcKind(connection.kind)) {
        const nonce = oidc.randomNonce();
        const codeVerifier = oidc.randomPKCECodeVerifier();
        // Built first: an unreachable identity provider leaves no pending row behind.
        const authorizationUrl = await deps.oidc.authorizationUrl(connection, { state, nonce, codeVerifier });
        await savePending(state, connection.id, { nonce, codeVerifier, redirectTo, linkUserId });
        return { authorizationUrl, state };
      }
      // The SAML RelayState carries the state; the request id is known once node-saml built the request.
      const { url, requestId } = await deps.saml.authorizationUrl(connection, state);
      await savePending(state, connection.id, { samlRequestId: requestId, redirectTo, linkUserId });
      return { authorizationUrl: url, state };
    } catch (error) {
      if (error instanceof SsoFailedError) throw error;
      // Not an outage: this instance will never reach that address, so retrying cannot help.
      if (refusedByOutboundPolicy(error))
        throw new ConflictError("This connection's identity provider is an address this instance does not reach; its issuer must change");
      // The detail (an address, a port, a TLS error) goes to the log with the request id, not to the client.
      if ((error as { code?: string }).code === 'ECONNREFUSED' || error instanceof oidc.ClientError || error instanceof TypeError) {
        throw new ServiceUnavailableError(IDP_UNREACHABLE, { cause: error });
      }
      throw error;
    }
  }

  return {
    /** The identity provider URL for a new sign-in. Unknown or disabled connection: SSO_CONNECTION_NOT_FOUND. */
    async initiate(query: {
      connection_id?: string;
      email?: string;
      organization_id?: string;
      redirect_to?: string;
    }): Promise<{ authorizationUrl: string; state: string }> {
      const connection = await deps.connections.resolve(query);
      return begin(connection, sameOriginRedirect(query.redirect_to, deps.publicUrl), null);
    },

    /**
     * Link mode: a signed-in user starts a sign-in through one of their organization's connections;
     * the identity it returns with (same email) is linked to their account.
     */
    async startLink(
      auth: AuthContext,
      input: { connection_id: string; redirect_to?: string },
    ): Promise<{ authorizationUrl: string; state: string }> {
      if (auth.kind !== 'user')
        throw new AppError('INSUFFICIENT_PERMISSIONS', 'Linking an identity takes a signed-in user, not an API key');
      const connection = await deps.connections.forLogin(input.connection_id);
      if (!connection || connection.organizationId !== auth.organizationId)
        throw new AppError('SSO_CONNECTION_NOT_FOUND', 'No enabled SSO connection matches');
      return begin(connection, sameOriginRedirect(input.redirect_to, deps.publicUrl), auth.userId);
    },

    /** Confirms a mailed link: the identity is linked to the account the mail went to. Single use. */
    async confirmLink(token: string, meta: SsoRequestMeta): Promise<{ connectionId: string; userId: string }> {
      const store = deps.ssoLogins();
      const row = await store.takeLinkRequestAcrossOrganizations(hashOpaqueToken(token));
      const invalid = 'Link token is invalid, already used or expired';
      if (!row || !row.live) throw new InvalidTokenError(invalid);
      const connection = await deps.connections.forLogin(row.connection_id);
      // The account the mail went to, looked for in the connection's organization only.
      const user = connection ? await store.user(connection.organizationId, row.user_id) : undefined;
      if (!connection || !user) throw new InvalidTokenError(invalid);
      if (!(await link(connection, user.id, row))) throw new ConflictError('This identity is already linked to another account');
      await audit(connection, meta, { type: 'sso.identity_linked', userId: user.id, statusCode: 200, action: 'ssoLinkConfirm' });
      return { connectionId: connection.id, userId: user.id };
    },

    /**
     * Validates the identity provider's answer (OIDC query or form_post, or a SAML ACS post) and
     * signs the user in. `browserBound`: the browser delivering it is the one that started this
     * sign-in (its state cookie). Refusals are audited in the connection's organization when it is known.
     */
    async callback(
      params: Record<string, string>,
      method: 'GET' | 'POST',
      meta: SsoRequestMeta,
      browserBound: boolean,
    ): Promise<{ tokens: TokenResponse; redirectTo: string | null }> {
      const isSaml = typeof params.SAMLResponse === 'string';
      const state = isSaml ? params.RelayState : params.state;
      let connection: LoadedSsoConnection | null = null;
      try {
        // SAML responses come by HTTP-POST only: a query string would put the assertion in logs and browser history.
        if (isSaml && method !== 'POST') throw new SsoFailedError('SAML responses are accepted by HTTP-POST only');
        const pending = await consumePending(state);
        connection = await deps.connections.forLogin(pending.connection_id);
        // Spent all the same: a state delivered through another browser (login CSRF) is used up.
        if (!browserBound) throw new SsoFailedError('This sign-in was not started in this browser: start it again from the sign-in page');
        if (!connection) throw new SsoFailedError('The SSO connection is disabled');
        const identity = isSaml
          ? await samlIdentity(connection, pending, { SAMLResponse: params.SAMLResponse as string, RelayState: state })
          : await oidcIdentity(connection, pending, state as string, { params, method });
        const user = await provision(connection, identity, pending, meta);
        const tokens = await deps.auth.startSession(user, 'sso');
        await audit(connection, meta, { type: 'sso.login', userId: user.id, statusCode: pending.redirect_to ? 302 : 200 });
        return { tokens, redirectTo: pending.redirect_to };
      } catch (error) {
        if (error instanceof SsoFailedError || error instanceof PlanLimitReachedError) {
          if (connection) await audit(connection, meta, { type: 'sso.login_refused', userId: null, statusCode: error.status });
          deps.logger.info(
            { requestId: meta.requestId, connectionId: connection?.id, reason: error.message, err: error.cause },
            'SSO sign-in refused',
          );
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

/** Whether the guarded outbound client refused the target (its error somewhere in the cause chain). */
function refusedByOutboundPolicy(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 8; current = current.cause, depth += 1)
    if (current instanceof OutboundRefusedError) return true;
  return false;
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
