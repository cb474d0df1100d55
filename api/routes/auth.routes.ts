import { LoginBody, MeResponse, RegisterBody, RegisterResponse, TokenResponse } from '../schemas/auth.schemas.ts';
import { envelope } from '../schemas/common.ts';
import type { AuthService } from '../services/auth.service.ts';
import { defineRoute } from './route.ts';
import { setSessionCookies, type SessionCookieOptions } from './session-cookies.ts';

export function authRoutes(auth: AuthService, cookies: SessionCookieOptions) {
  return [
    defineRoute({
      method: 'post',
      path: '/auth/register',
      operationId: 'register',
      summary: 'Create a user account and its organization',
      description: 'The first user of a new organization has the role `owner`.',
      tags: ['auth'],
      access: 'public',
      request: { body: RegisterBody },
      responses: { 201: { description: 'Registered', schema: RegisterResponse } },
      errors: [409],
      handler: async ({ body }) => ({ status: 201, body: envelope(await auth.register(body)) }),
    }),
    defineRoute({
      method: 'post',
      path: '/auth/login',
      operationId: 'login',
      setsSessionCookies: true,
      summary: 'Authenticate with email and password',
      description:
        'Accepts JSON or form-urlencoded (`username` or `email`, `password`). Also sets `access_token` and `refresh_token` as httpOnly cookies (Secure over HTTPS; in production not at all over plain HTTP). ' +
        "When the organization's setting `sso_required` is on, everyone but owners gets 403 SSO_REQUIRED for the right password (a wrong one gets the 401 any wrong password or unknown email gets, and counts toward the lockout), and signs in through /sso/initiate. " +
        'A wrong email or password is 401 INVALID_TOKEN. Repeated failures for one email (5 within 15 minutes unless the operator set other limits) lock it: 423 ACCOUNT_LOCKED with Retry-After, even for the right password. ' +
        'Many failed logins from one client address (an IPv4 address or IPv6 /64) across accounts (50 within 15 minutes unless the operator set other limits): 429 RATE_LIMITED with Retry-After until that window ends. ' +
        "Sent by a page of another site (`Origin` not the instance's nor one of its allowed browser origins, or `Sec-Fetch-Site: cross-site`): 403 CSRF_REJECTED.",
      tags: ['auth'],
      access: 'public',
      request: { body: LoginBody, bodyContentTypes: ['application/json', 'application/x-www-form-urlencoded'] },
      responses: { 200: { description: 'Tokens', schema: TokenResponse } },
      errors: [401, 403, 423, 429],
      handler: async ({ body }, ctx) => {
        const tokens = await auth.login(body, { address: ctx.ip });
        setSessionCookies(ctx, tokens, cookies);
        return { body: tokens };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/auth/me',
      operationId: 'me',
      summary: 'The current user',
      description: "`auth_method` says how this request authenticated: `password` or `sso` (the session's login), or `api_key`.",
      tags: ['auth'],
      access: 'authenticated',
      responses: { 200: { description: 'The user', schema: MeResponse } },
      handler: async ({ auth: caller }) => ({ body: envelope(await auth.me(caller)) }),
    }),
  ];
}
