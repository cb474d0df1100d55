import { LoginBody, MeResponse, RegisterBody, RegisterResponse, TokenResponse } from '../schemas/auth.schemas.ts';
import { envelope } from '../schemas/common.ts';
import type { AuthService } from '../services/auth.service.ts';
import { defineRoute } from './route.ts';
import { setSessionCookies, type SessionCookieOptions } from './session-cookies.ts';
import { authDocs } from '../docs/auth.ts';

export function authRoutes(auth: AuthService, cookies: SessionCookieOptions) {
  return [
    defineRoute({
      method: 'post',
      path: '/auth/register',
      operationId: 'register',
      summary: 'Create a user account and its organization',
      description: authDocs.register,
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
      description: authDocs.login,
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
      description: authDocs.me,
      tags: ['auth'],
      access: 'authenticated',
      responses: { 200: { description: 'The user', schema: MeResponse } },
      handler: async ({ auth: caller }) => ({ body: envelope(await auth.me(caller)) }),
    }),
  ];
}
