import type { Context } from 'koa';
import { envelope } from '../schemas/common.ts';
import { LogoutAllBody, LogoutBody, MessageResponse, RefreshBody, RefreshResponse } from '../schemas/session.schemas.ts';
import type { SessionService } from '../services/session.service.ts';
import { defineRoute } from './route.ts';
import { clearSessionCookies, REFRESH_COOKIE, setSessionCookies, type SessionCookieOptions } from './session-cookies.ts';
import { sessionDocs } from '../docs/session.ts';

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
      description: sessionDocs.refreshToken,
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
      description: sessionDocs.logout,
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
      description: sessionDocs.logoutAll,
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
