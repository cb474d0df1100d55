import type { Context } from 'koa';
import { TokenResponse } from '../schemas/auth.schemas.ts';
import { PlanLimitErrorResponse } from '../schemas/billing.schemas.ts';
import { envelope, ErrorResponse, pageEnvelope } from '../schemas/common.ts';
import {
  CreateSsoConnectionBody,
  SsoCallbackParams,
  SsoCallbackQuery,
  SsoConnectionListQuery,
  SsoConnectionListResponse,
  SsoConnectionParams,
  SsoConnectionResponse,
  SsoDomainParams,
  SsoInitiateQuery,
  SsoInitiateResponse,
  SsoLinkBody,
  SsoLinkConfirmBody,
  SsoLinkConfirmResponse,
  UpdateSsoConnectionBody,
} from '../schemas/sso.schemas.ts';
import type { SsoConnectionService } from '../services/sso/sso-connection.service.ts';
import type { SsoLoginService } from '../services/sso/sso-login.service.ts';
import type { SsoRequestMeta } from '../services/sso/sso-types.ts';
import { defineRoute } from './route.ts';
import { setSessionCookies, type SessionCookieOptions } from './session-cookies.ts';
import { setSsoStateCookie, takeSsoStateCookie } from './sso-state-cookie.ts';

const requestMeta = (ctx: Context, path: string): SsoRequestMeta => ({
  method: ctx.method,
  path,
  ip: ctx.ip ? ctx.ip.slice(0, 64) : null,
  userAgent: ctx.get('User-Agent').slice(0, 500) || null,
  requestId: String(ctx.state.requestId ?? ''),
});

const REFUSED = {
  description: 'Refused (SSO_FAILED): state, signature, audience, expiry, replay, domain or organization; `detail` says which',
  schema: ErrorResponse,
};
const OVER_QUOTA = {
  description: "A first sign-in would create a member beyond the plan's quota (PLAN_LIMIT_REACHED); nothing is created",
  schema: PlanLimitErrorResponse,
};
const NO_CONNECTION = { description: 'No enabled connection matches (SSO_CONNECTION_NOT_FOUND)', schema: ErrorResponse };

const CALLBACK_DESCRIPTION =
  "The identity provider's answer: OIDC `code` and `state` (query, or `form_post`), or the SAML ACS post (`SAMLResponse`, `RelayState`). " +
  'The state is looked up server-side and spent (single use, 10 minutes), and must come with the httpOnly cookie GET /sso/initiate (or POST /sso/link) set for it in the same browser ' +
  '(401 SSO_FAILED without it: a sign-in delivered through another browser is refused). openid-client validates the id_token (signature, issuer, audience, expiry, nonce; PKCE on the code); ' +
  "node-saml validates the SAML response (signed assertion required, audience, issuer, NotBefore/NotOnOrAfter, InResponseTo of this sign-in's request), and the assertion's Recipient " +
  'must be this ACS URL and its ID unseen. The user is the one this identity (the issuer and the OIDC `sub` or SAML NameID, which must not be transient) is linked to; ' +
  "an email nobody has yet gets a new user with the connection's `default_role`, linked to the identity. An email that already has an account is never matched by email alone: " +
  'nobody is signed in (401 SSO_FAILED), and the account is mailed a single-use link (1 hour) confirming the identity (POST /sso/link/confirm); ' +
  'or its user, signed in, links it through POST /sso/link. ' +
  "The email's domain must be one of the connection's, and a user of another organization is refused. Success: the same token response and cookies as POST /auth/login " +
  '(`auth_method: sso` in GET /auth/me), or 302 to the `redirect_to` given at initiate with the cookies set. Any refusal: 401 SSO_FAILED with a `detail` saying why; nothing is created. ' +
  'Every sign-in and refusal is in the audit log (`sso.login`, `sso.login_refused`, `sso.user_provisioned`, `sso.link_requested`, `sso.identity_linked`).';

export function ssoRoutes(connections: SsoConnectionService, logins: SsoLoginService, cookies: SessionCookieOptions) {
  const callbackHandler =
    (method: 'GET' | 'POST') => async (input: { query: Record<string, string>; body: Record<string, string> }, ctx: Context) => {
      const params = method === 'GET' ? input.query : input.body;
      const browserBound = takeSsoStateCookie(ctx, typeof params.SAMLResponse === 'string' ? params.RelayState : params.state);
      const { tokens, redirectTo } = await logins.callback(params, method, requestMeta(ctx, '/sso/callback'), browserBound);
      setSessionCookies(ctx, tokens, cookies);
      if (redirectTo) return { status: 302, headers: { Location: redirectTo } };
      return { body: tokens };
    };

  return [
    defineRoute({
      method: 'get',
      path: '/sso/connections',
      operationId: 'listSsoConnections',
      summary: "List the organization's SSO connections",
      tags: ['sso'],
      access: 'settings:update',
      request: { query: SsoConnectionListQuery },
      responses: { 200: { description: 'A page of connections', schema: SsoConnectionListResponse } },
      handler: async ({ auth, query }) => ({ body: pageEnvelope(await connections.list(auth, query), query) }),
    }),
    defineRoute({
      method: 'post',
      path: '/sso/connections',
      operationId: 'createSsoConnection',
      summary: 'Add an SSO connection (OIDC, Azure, Okta, Google or SAML 2.0)',
      description:
        '`kind` `oidc` takes `config.issuer`; the presets derive it: `azure` from `tenant_id` (https://login.microsoftonline.com/{tenant_id}/v2.0), ' +
        '`okta` from `domain` (https://{domain}, or https://{domain}/oauth2/{authorization_server}), `google` is https://accounts.google.com and requires `hd` = `hosted_domain`. ' +
        '`saml` takes `idp_metadata_xml` or `idp_entity_id` + `idp_sso_url` + `idp_certificate`. `client_secret` and `sp_private_key` are write-only and stored encrypted. ' +
        'The response says what to register at the identity provider: `redirect_uri` (OIDC) or `acs_url`, `sp_entity_id` and `sp_metadata_url` (SAML). ' +
        "Domains start unverified (`domain_verifications` gives each one's DNS record): they route sign-ins by email once verified. " +
        "`default_role` is never `owner`, nor above the caller's role (403). Every owner of the organization is mailed, and the audit log records `sso.connection_trust_changed`.",
      tags: ['sso'],
      access: 'settings:update',
      request: { body: CreateSsoConnectionBody },
      responses: { 201: { description: 'Created', schema: SsoConnectionResponse } },
      handler: async ({ auth, body }, ctx) => ({
        status: 201,
        body: envelope(await connections.create(auth, body, requestMeta(ctx, '/sso/connections'))),
      }),
    }),
    defineRoute({
      method: 'get',
      path: '/sso/connections/{id}',
      operationId: 'getSsoConnection',
      summary: 'Read an SSO connection',
      tags: ['sso'],
      access: 'settings:update',
      request: { params: SsoConnectionParams },
      responses: { 200: { description: 'The connection', schema: SsoConnectionResponse } },
      errors: [404],
      handler: async ({ auth, params }) => ({ body: envelope(await connections.get(auth, params.id)) }),
    }),
    defineRoute({
      method: 'patch',
      path: '/sso/connections/{id}',
      operationId: 'updateSsoConnection',
      summary: 'Change an SSO connection',
      description:
        "`config` is merged into the stored one and validated for the connection's kind, which cannot change: keys of another kind's config " +
        '(e.g. `tenant_id` on an `oidc` connection, `client_secret` on a `saml` one) are refused with 422 VALIDATION_ERROR naming them. ' +
        'Omitted write-only fields keep their stored values, except an OIDC `client_secret` when the issuer moves to another scheme, host or port: ' +
        'the request must then carry it again (422 naming `config.client_secret`). ' +
        '`config`, `domains` and `default_role` decide who can sign in as whom: a request carrying any of them needs an owner (403 otherwise); a change is recorded ' +
        '(`sso.connection_trust_changed`) and mailed to every owner. A changed issuer or IdP entity id leaves existing users unlinked: each links again at their next sign-in. ' +
        'Domains kept keep their verification; new ones start unverified.',
      tags: ['sso'],
      access: 'settings:update',
      request: { params: SsoConnectionParams, body: UpdateSsoConnectionBody },
      responses: {
        200: { description: 'Updated', schema: SsoConnectionResponse },
        422: {
          description:
            "Invalid body, or a `config` not valid for the stored connection's kind (keys of another kind's config included), or a `client_secret` needed again (VALIDATION_ERROR)",
          schema: ErrorResponse,
        },
      },
      errors: [404],
      handler: async ({ auth, params, body }, ctx) => ({
        body: envelope(await connections.update(auth, params.id, body, requestMeta(ctx, '/sso/connections/{id}'))),
      }),
    }),
    defineRoute({
      method: 'post',
      path: '/sso/connections/{id}/domains/{domain}/verify',
      operationId: 'verifySsoDomain',
      summary: "Verify a connection's email domain by DNS",
      description:
        'Looks up the TXT record `_tocsin-challenge.{domain}` and marks the claim verified when one record is exactly the ' +
        "claim's `record_value`; only verified domains route `GET /sso/initiate?email=`. One connection at most holds a domain verified: the first to verify. " +
        "Another connection's verification is refused (409) while the holder's own record is still published; once the holder's record is gone from DNS, the next " +
        'verification moves the domain (whoever controls the zone decides). The holder can also free it by removing the domain from its connection. ' +
        'No matching record yet: 409; DNS lookup failure: 503. Verifying a verified claim answers it unchanged.',
      tags: ['sso'],
      access: 'settings:update',
      request: { params: SsoDomainParams },
      responses: { 200: { description: 'The connection, with the domain verified', schema: SsoConnectionResponse } },
      errors: [404, 409, 503],
      handler: async ({ auth, params }) => ({ body: envelope(await connections.verifyDomain(auth, params.id, params.domain)) }),
    }),
    defineRoute({
      method: 'delete',
      path: '/sso/connections/{id}',
      operationId: 'deleteSsoConnection',
      summary: 'Remove an SSO connection',
      description: 'Users it created stay (they can reset a password); sign-ins in progress through it fail.',
      tags: ['sso'],
      access: 'settings:update',
      request: { params: SsoConnectionParams },
      responses: { 204: { description: 'Removed' } },
      errors: [404],
      handler: async ({ auth, params }) => {
        await connections.remove(auth, params.id);
        return { status: 204 };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/sso/initiate',
      operationId: 'ssoInitiate',
      summary: 'Start signing in through an identity provider',
      description:
        'Takes one of `connection_id`, `email` or `organization_id` (without any: 422). ' +
        'Picks the enabled connection by `connection_id`, by the verified domain of `email`, or the only one of `organization_id`, and answers 302 to the identity provider ' +
        '(`Accept: application/json`: 200 with `authorization_url`). State, nonce and PKCE verifier (SAML: the AuthnRequest id) are kept server-side, single use, for 10 minutes. ' +
        'Sets an httpOnly cookie for the callback path binding the sign-in to this browser (SameSite=None and Secure over HTTPS, for the SAML cross-site POST; Lax over plain HTTP). ' +
        'Rate-limited per client IP like /auth/login. No matching enabled connection: 404 SSO_CONNECTION_NOT_FOUND.',
      tags: ['sso'],
      access: 'public',
      request: { query: SsoInitiateQuery },
      responses: {
        200: { description: 'With Accept: application/json', schema: SsoInitiateResponse },
        302: { description: 'Redirect to the identity provider (Location)' },
        401: { description: 'The connection cannot be used (SSO_FAILED), e.g. its issuer is not https', schema: ErrorResponse },
        404: NO_CONNECTION,
        422: {
          description: 'None of connection_id, email and organization_id was given, or one is malformed (VALIDATION_ERROR)',
          schema: ErrorResponse,
        },
        409: {
          description:
            "The connection's identity provider is an address this instance's outbound policy refuses to reach (CONFLICT): its configuration must change",
          schema: ErrorResponse,
        },
        503: { description: "The OpenID Provider's discovery document could not be fetched (SERVICE_UNAVAILABLE)", schema: ErrorResponse },
      },
      handler: async ({ query }, ctx) => {
        const { authorizationUrl, state } = await logins.initiate(query);
        setSsoStateCookie(ctx, state);
        if (ctx.accepts('html', 'json') === 'json') return { body: envelope({ authorization_url: authorizationUrl }) };
        return { status: 302, headers: { Location: authorizationUrl } };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/sso/link',
      operationId: 'ssoLinkStart',
      summary: "Link your account to an identity at one of your organization's identity providers",
      description:
        'For a signed-in user (not an API key): starts a sign-in through the connection in link mode and answers the authorization URL. ' +
        "When the identity provider answers with the user's own email, that identity (issuer and subject) is linked to the account, replacing any earlier one " +
        'at this connection, and the callback signs the user in. An identity already linked to another account is refused (401 SSO_FAILED at the callback).',
      tags: ['sso'],
      access: 'authenticated',
      request: { body: SsoLinkBody },
      responses: {
        200: { description: 'Where to send the browser', schema: SsoInitiateResponse },
        403: { description: 'An API key: linking takes a signed-in user (INSUFFICIENT_PERMISSIONS)', schema: ErrorResponse },
        404: NO_CONNECTION,
        503: { description: "The OpenID Provider's discovery document could not be fetched (SERVICE_UNAVAILABLE)", schema: ErrorResponse },
      },
      handler: async ({ auth, body }, ctx) => {
        const { authorizationUrl, state } = await logins.startLink(auth, body);
        setSsoStateCookie(ctx, state);
        return { body: envelope({ authorization_url: authorizationUrl }) };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/sso/link/confirm',
      operationId: 'ssoLinkConfirm',
      summary: 'Confirm a mailed identity link',
      description:
        'The token of the mail sent when a first SSO sign-in named the email of an existing account. Links that identity to the account; ' +
        'the next sign-in through the connection signs it in. Single use, 1 hour; an invalid, used or expired token is 401 INVALID_TOKEN, ' +
        'an identity meanwhile linked to another account 409.',
      tags: ['sso'],
      access: 'public',
      auditedBy: 'handler',
      request: { body: SsoLinkConfirmBody },
      responses: { 200: { description: 'Linked', schema: SsoLinkConfirmResponse } },
      errors: [401, 409],
      handler: async ({ body }, ctx) => {
        const { connectionId, userId } = await logins.confirmLink(body.token, requestMeta(ctx, '/sso/link/confirm'));
        return { body: envelope({ connection_id: connectionId, user_id: userId, linked: true as const }) };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/sso/callback',
      operationId: 'ssoCallbackQuery',
      summary: 'Identity provider answer (OIDC query response)',
      description: CALLBACK_DESCRIPTION,
      tags: ['sso'],
      access: 'public',
      auditedBy: 'handler',
      request: { query: SsoCallbackQuery },
      responses: {
        200: { description: 'Signed in', schema: TokenResponse },
        302: { description: 'Signed in; redirect to `redirect_to`' },
        401: REFUSED,
        402: OVER_QUOTA,
      },
      handler: (input, ctx) => callbackHandler('GET')({ query: input.query as Record<string, string>, body: {} }, ctx),
    }),
    defineRoute({
      method: 'post',
      path: '/sso/callback',
      operationId: 'ssoCallbackPost',
      summary: 'Identity provider answer (OIDC form_post, SAML HTTP-POST ACS)',
      description: CALLBACK_DESCRIPTION,
      tags: ['sso'],
      access: 'public',
      auditedBy: 'handler',
      request: { body: SsoCallbackParams, bodyContentTypes: ['application/x-www-form-urlencoded'] },
      responses: {
        200: { description: 'Signed in', schema: TokenResponse },
        302: { description: 'Signed in; redirect to `redirect_to`' },
        401: REFUSED,
        402: OVER_QUOTA,
      },
      handler: (input, ctx) => callbackHandler('POST')({ query: {}, body: input.body as Record<string, string> }, ctx),
    }),
    defineRoute({
      method: 'get',
      path: '/sso/saml/{id}/metadata',
      operationId: 'ssoSamlMetadata',
      summary: 'SAML service provider metadata of a connection',
      description:
        'Give this document (or its URL, which is also the SP entity id) to the identity provider. Public, as identity providers fetch it.',
      tags: ['sso'],
      access: 'public',
      request: { params: SsoConnectionParams },
      responses: { 200: { description: 'SP metadata', contentType: 'application/samlmetadata+xml' }, 404: NO_CONNECTION },
      handler: async ({ params }) => ({
        body: await logins.metadata(params.id),
        headers: { 'Content-Type': 'application/samlmetadata+xml; charset=utf-8' },
      }),
    }),
  ];
}
