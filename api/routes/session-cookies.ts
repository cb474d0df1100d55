import type { Context } from 'koa';

export interface SessionCookieOptions {
  /**
   * Production: session cookies only ever travel with the Secure attribute, so over a connection
   * that is not HTTPS (directly, or per a trusted proxy's X-Forwarded-Proto) none is set or cleared.
   */
  secure: boolean;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
}

export const ACCESS_COOKIE = { name: 'access_token', path: '/' } as const;
// Sent only where it is read: refresh and logout.
export const REFRESH_COOKIE = { name: 'refresh_token', path: '/api/v1/auth' } as const;

/**
 * The Secure attribute follows the request (`ctx.secure`: TLS here, or `X-Forwarded-Proto: https`
 * from a proxy that TRUST_PROXY_HOPS trusts). In production a plain-HTTP request gets no cookie:
 * a cookie without Secure would later travel in clear text to any http:// URL of the host, and
 * one with it cannot be sent over this connection (Koa throws, which would fail the login with a
 * 500). The tokens are in the response body either way.
 */
function cookieAttributes(ctx: Context, options: SessionCookieOptions) {
  if (!ctx.secure && options.secure) return undefined;
  return { httpOnly: true, sameSite: 'lax' as const, secure: ctx.secure, overwrite: true };
}

/** Returns whether the cookies were written (not in production over plain HTTP). */
export function setSessionCookies(
  ctx: Context,
  tokens: { access_token: string; refresh_token?: string },
  options: SessionCookieOptions,
): boolean {
  const common = cookieAttributes(ctx, options);
  if (!common) return false;
  ctx.cookies.set(ACCESS_COOKIE.name, tokens.access_token, {
    ...common,
    path: ACCESS_COOKIE.path,
    maxAge: options.accessTtlSeconds * 1000,
  });
  if (tokens.refresh_token) {
    ctx.cookies.set(REFRESH_COOKIE.name, tokens.refresh_token, {
      ...common,
      path: REFRESH_COOKIE.path,
      maxAge: options.refreshTtlSeconds * 1000,
    });
  }
  return true;
}

export function clearSessionCookies(ctx: Context, options: SessionCookieOptions): void {
  const common = cookieAttributes(ctx, options);
  if (!common) return;
  for (const cookie of [ACCESS_COOKIE, REFRESH_COOKIE]) ctx.cookies.set(cookie.name, null, { ...common, path: cookie.path });
}
