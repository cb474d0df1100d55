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
  SsoInitiateQuery,
  SsoInitiateResponse,
  UpdateSsoConnectionBody,
} from '../schemas/sso.schemas.ts';
import type { SsoConnectionService } from '../services/sso/sso-connection.service.ts';
import type { SsoLoginService, SsoRequestMeta } from '../services/sso/sso-login.service.ts';
import { defineRoute } from './route.ts';
import { setSessionCookies, type SessionCookieOptions } from './session-cookies.ts';

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
  'The state is looked up server-side and spent (single use, 10 minutes). openid-client validates the id_token (signature, issuer, audience, expiry, nonce; PKCE on the code); ' +
  "node-saml validates the SAML response (signed assertion required, audience, issuer, NotBefore/NotOnOrAfter, InResponseTo of this sign-in's request), and the assertion's Recipient " +
  "must be this ACS URL and its ID unseen. The user is the one with the verified email in the connection's organization, or is created with the connection's `default_role`; " +
  "the email's domain must be one of the connection's, and a user of another organization is refused. Success: the same token response and cookies as POST /auth/login " +
  '(`auth_method: sso` in GET /auth/me), or 302 to the `redirect_to` given at initiate with the cookies set. Any refusal: 401 SSO_FAILED with a `detail` saying why; nothing is created. ' +
  'Every sign-in and refusal is in the audit log (`sso.login`, `sso.login_refused`, `sso.user_provisioned`).';

export function ssoRoutes(connections: SsoConnectionService, logins: SsoLoginService, cookies: SessionCookieOptions) {
  const callbackHandler =
    (method: 'GET' | 'POST') => async (input: { query: Record<string, string>; body: Record<string, string> }, ctx: Context) => {
      const params = method === 'GET' ? input.query : input.body;
      const { tokens, redirectTo } = await logins.callback(params, method, requestMeta(ctx, '/sso/callback'));
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
        'A domain another connection already holds is a 409.',
      tags: ['sso'],
      access: 'settings:update',
      request: { body: CreateSsoConnectionBody },
      responses: { 201: { description: 'Created', schema: SsoConnectionResponse } },
      errors: [409],
      handler: async ({ auth, body }) => ({ status: 201, body: envelope(await connections.create(auth, body)) }),
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
        "`config` is merged into the stored one and validated for the connection's kind (which cannot change); omitted write-only fields keep their stored values.",
      tags: ['sso'],
      access: 'settings:update',
      request: { params: SsoConnectionParams, body: UpdateSsoConnectionBody },
      responses: { 200: { description: 'Updated', schema: SsoConnectionResponse } },
      errors: [404, 409],
      handler: async ({ auth, params, body }) => ({ body: envelope(await connections.update(auth, params.id, body)) }),
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
        'Picks the enabled connection by `connection_id`, by the domain of `email`, or the only one of `organization_id`, and answers 302 to the identity provider ' +
        '(`Accept: application/json`: 200 with `authorization_url`). State, nonce and PKCE verifier (SAML: the AuthnRequest id) are kept server-side, single use, for 10 minutes. ' +
        'Rate-limited per client IP like /auth/login. No matching enabled connection: 404 SSO_CONNECTION_NOT_FOUND.',
      tags: ['sso'],
      access: 'public',
      request: { query: SsoInitiateQuery },
      responses: {
        200: { description: 'With Accept: application/json', schema: SsoInitiateResponse },
        302: { description: 'Redirect to the identity provider (Location)' },
        401: { description: 'The connection cannot be used (SSO_FAILED), e.g. its issuer is not https', schema: ErrorResponse },
        404: NO_CONNECTION,
        503: { description: "The OpenID Provider's discovery document could not be fetched (SERVICE_UNAVAILABLE)", schema: ErrorResponse },
      },
      handler: async ({ query }, ctx) => {
        const { authorizationUrl } = await logins.initiate(query);
        if (ctx.accepts('html', 'json') === 'json') return { body: envelope({ authorization_url: authorizationUrl }) };
        return { status: 302, headers: { Location: authorizationUrl } };
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
