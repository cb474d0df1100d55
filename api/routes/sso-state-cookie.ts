import { createHash } from 'node:crypto';
import type { Context } from 'koa';
import { SSO_REQUEST_TTL_SECONDS } from '../services/sso/sso-login.service.ts';

/**
 * Binds a sign-in's state to the browser that started it: an httpOnly cookie named after the state,
 * sent only to the callback, which refuses a state arriving without it. A login CSRF (someone's own
 * identity provider answer delivered through a victim's browser) finds no such cookie there. One
 * cookie per sign-in, so sign-ins started in two tabs both finish.
 */
const CALLBACK_PATH = '/api/v1/sso/callback';

export const ssoStateCookieName = (state: string) => `tocsin_sso_${createHash('sha256').update(state).digest('hex').slice(0, 24)}`;

/**
 * Over HTTPS SameSite=None (with Secure): a SAML ACS is a cross-site POST, which a Lax cookie would
 * not accompany. Over plain HTTP (development, loopback identity providers: the same site) Lax.
 */
function attributes(ctx: Context) {
  return {
    httpOnly: true,
    path: CALLBACK_PATH,
    secure: ctx.secure,
    sameSite: ctx.secure ? ('none' as const) : ('lax' as const),
    overwrite: true,
  };
}

export function setSsoStateCookie(ctx: Context, state: string): void {
  ctx.cookies.set(ssoStateCookieName(state), '1', { ...attributes(ctx), maxAge: SSO_REQUEST_TTL_SECONDS * 1000 });
}

/** Whether this browser started the sign-in of `state`; the cookie is cleared either way. */
export function takeSsoStateCookie(ctx: Context, state: string | undefined): boolean {
  if (!state) return false;
  const name = ssoStateCookieName(state);
  const bound = ctx.cookies.get(name) === '1';
  if (bound) ctx.cookies.set(name, null, attributes(ctx));
  return bound;
}
