import type { Middleware } from 'koa';

const API_POLICY = "default-src 'none'; frame-ancestors 'none'";
/**
 * The console (api/console.ts sets it on its page and files only): its bundle and styles from this
 * origin, no inline script or style element, API calls and the WebSocket to this origin.
 */
export const CONSOLE_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
// The documentation pages run their own bundled scripts and styles, served from this origin only.
const DOCS_POLICY =
  "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline' https://fonts.googleapis.com; img-src 'self' data: blob:; font-src 'self' data: https://fonts.gstatic.com; worker-src 'self' blob:; frame-ancestors 'none'";

/**
 * Conservative browser-facing headers; HSTS only where the service is served over HTTPS. Set
 * before the rest of the chain runs, so answers rendered from thrown errors carry them too.
 */
export function securityHeaders(options: { production: boolean }): Middleware {
  return async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
    ctx.set(
      'Content-Security-Policy',
      ctx.path === '/docs' || ctx.path === '/redoc' || ctx.path.startsWith('/docs/') ? DOCS_POLICY : API_POLICY,
    );
    if (options.production) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    await next();
  };
}
