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
import { ssoDocs } from '../docs/sso.ts';

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
      description: ssoDocs.createSsoConnection,
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
      description: ssoDocs.updateSsoConnection,
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
      description: ssoDocs.verifySsoDomain,
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
      description: ssoDocs.deleteSsoConnection,
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
      description: ssoDocs.ssoInitiate,
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
      description: ssoDocs.ssoLinkStart,
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
      description: ssoDocs.ssoLinkConfirm,
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
      description: ssoDocs.ssoCallbackQuery,
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
      description: ssoDocs.ssoCallbackPost,
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
      description: ssoDocs.ssoSamlMetadata,
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
