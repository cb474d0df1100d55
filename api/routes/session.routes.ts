import type { Context } from 'koa';
import { envelope } from '../schemas/common.ts';
import { LogoutAllBody, LogoutBody, MessageResponse, RefreshBody, RefreshResponse } from '../schemas/session.schemas.ts';
import type { SessionService } from '../services/session.service.ts';
import { defineRoute } from './route.ts';
import { clearSessionCookies, REFRESH_COOKIE, setSessionCookies, type SessionCookieOptions } from './session-cookies.ts';

const refreshTokenOf = (body: { refresh_token?: string }, ctx: Context) =>
  body.refresh_token ?? ctx.cookies.get(REFRESH_COOKIE.name) ?? undefined;

export function sessionRoutes(sessions: SessionService, cookies: SessionCookieOptions) {
  return [
    defineRoute({
      method: 'post',
      path: '/auth/refresh',
      operationId: 'refreshToken',
      setsSessionCookies: true,
      summary: 'Exchange a refresh token for a new access token',
      description:
        'Takes `refresh_token` from the body or the `refresh_token` cookie. The refresh token is rotated: the answer carries a new one ' +
        '(also set as the `refresh_token` cookie, with a fresh `access_token` cookie) and the one presented is spent. ' +
        'The session keeps the end its login gave it (the refresh token lifetime after login, 7 days by default). ' +
        'Presenting a spent refresh token again ends the whole session (every access and refresh token of it): a copy was used, by a thief or by the user after one. ' +
        'Fails with 401 INVALID_TOKEN when the refresh token is expired (`Token has expired`), spent, revoked by logout, logout-all or a password reset, or its user is gone.',
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
      setsSessionCookies: true,
      summary: 'Revoke the current access token and clear the session cookies',
      description:
        'Ends the session: the presented access token, every other token of its session, and the refresh token sent ' +
        '(body `refresh_token` or the cookie) stop working in every API process. Needs a user session: an API key gets 403 (revoke keys with DELETE /api-keys/{id}).',
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
    defineRoute({
      method: 'post',
      path: '/auth/logout-all',
      operationId: 'logoutAll',
      setsSessionCookies: true,
      summary: 'End every session of the current user, this one included',
      description:
        'Every access and refresh token of the user issued until now is refused, in every API process, and open WebSocket connections on them are closed; ' +
        'the session cookies are cleared. For a lost device or a suspected leak. API keys are not affected (revoke them with DELETE /api-keys/{id}). ' +
        'Needs a user session: an API key gets 403.',
      tags: ['auth'],
      access: 'authenticated',
      request: { body: LogoutAllBody },
      responses: { 200: { description: 'Logged out everywhere', schema: MessageResponse } },
      errors: [403],
      handler: async ({ auth }, ctx) => {
        const result = await sessions.logoutAll(auth);
        clearSessionCookies(ctx, cookies);
        return { body: envelope(result) };
      },
    }),
  ];
}
