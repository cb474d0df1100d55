import type { Context } from 'koa';
import { envelope } from '../schemas/common.ts';
import { LogoutBody, MessageResponse, RefreshBody, RefreshResponse } from '../schemas/session.schemas.ts';
import type { SessionService } from '../services/session.service.ts';
import { defineRoute } from './route.ts';
import { clearSessionCookies, REFRESH_COOKIE, setSessionCookies, type SessionCookieOptions } from './session-cookies.ts';

const refreshTokenOf = (body: { refresh_token?: string }, ctx: Context) => body.refresh_token ?? ctx.cookies.get(REFRESH_COOKIE.name) ?? undefined;

export function sessionRoutes(sessions: SessionService, cookies: SessionCookieOptions) {
  return [
    defineRoute({
      method: 'post',
      path: '/auth/refresh',
      operationId: 'refreshToken',
      summary: 'Exchange a refresh token for a new access token',
      description:
        'Takes `refresh_token` from the body or the `refresh_token` cookie; also sets a fresh `access_token` cookie. ' +
        'Fails with 401 INVALID_TOKEN when the refresh token is expired (`Token has expired`), revoked by logout or a password reset, or its user is gone. ' +
        'The refresh token itself is not rotated.',
      tags: ['auth'],
      access: 'public',
      request: { body: RefreshBody },
      responses: { 200: { description: 'A new access token', schema: RefreshResponse } },
      errors: [401],
      handler: async ({ body }, ctx) => {
        const refreshed = await sessions.refresh(refreshTokenOf(body, ctx));
        setSessionCookies(ctx, refreshed, cookies);
        return { body: refreshed };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/auth/logout',
      operationId: 'logout',
      summary: 'Revoke the current access token and clear the session cookies',
      description:
        'Puts the presented access token on the persisted revocation list, and the refresh token too when one is sent ' +
        '(body `refresh_token` or the cookie). Needs a user session: an API key gets 403 (revoke keys with DELETE /api-keys/{id}).',
      tags: ['auth'],
      access: 'authenticated',
      request: { body: LogoutBody },
      responses: { 200: { description: 'Logged out', schema: MessageResponse } },
      errors: [403],
      handler: async ({ auth, body }, ctx) => {
        const result = await sessions.logout(auth, refreshTokenOf(body, ctx));
        clearSessionCookies(ctx, cookies);
        return { body: envelope(result) };
      },
    }),
  ];
}
