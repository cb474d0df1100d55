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

type HeaderBlock = ReadonlyArray<readonly [string, string]>;

/** The fixed headers of every answer, built once: with the API's policy, or the documentation pages'. */
function headerBlock(policy: string, production: boolean): HeaderBlock {
  return Object.freeze([
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Referrer-Policy', 'no-referrer'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Content-Security-Policy', policy],
    ...(production ? [['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] as const] : []),
  ] as const);
}

/**
 * Conservative browser-facing headers; HSTS only where the service is served over HTTPS. Set
 * before the rest of the chain runs, so answers rendered from thrown errors carry them too. The
 * blocks are precomputed: a request only picks one and copies it onto the response.
 */
export function securityHeaders(options: { production: boolean }): Middleware {
  const api = headerBlock(API_POLICY, options.production);
  const docs = headerBlock(DOCS_POLICY, options.production);
  return (ctx, next) => {
    const path = ctx.path;
    const block = path === '/docs' || path === '/redoc' || path.startsWith('/docs/') ? docs : api;
    const response = ctx.res;
    for (const [name, value] of block) response.setHeader(name, value);
    return next();
  };
}
