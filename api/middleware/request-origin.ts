import type { Context } from 'koa';
import { AppError } from '../../shared/errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface RequestOrigin {
  method: string;
  /** The `Origin` header, when sent. */
  origin?: string;
  /** The `Sec-Fetch-Site` header, when sent. */
  secFetchSite?: string;
}

/**
 * Whether a request that a browser may have made on its own, carrying the session cookie, comes
 * from another site (pure). Reads change nothing and pass. A browser's `Sec-Fetch-Site:
 * same-origin` passes; an `Origin` must be one of `trusted` (`null`, sent from sandboxed frames
 * and cross-site redirects, never is); with neither header, as curl and SDKs send, the request
 * passes unless `Sec-Fetch-Site` names another site.
 */
export function isCrossSiteWrite(request: RequestOrigin, trusted: ReadonlySet<string>): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  const site = request.secFetchSite?.toLowerCase();
  if (site === 'same-origin') return false;
  if (request.origin) return !trusted.has(request.origin.toLowerCase());
  return site === 'cross-site' || site === 'same-site';
}

export const CSRF_REJECTED_DETAIL = 'Cross-site request refused: send the credential in the Authorization header, or call from the console';

/**
 * Refuses (403 CSRF_REJECTED) a write from another site: the origins trusted are the instance's
 * own (`PUBLIC_URL`, and the origin the request was addressed to, which is where the console is
 * served) and `CORS_ORIGINS`. Applied to every write the `access_token` cookie authenticates and
 * to the routes that set session cookies (login CSRF).
 */
export function createCrossSiteGuard(options: { publicUrl: string; corsOrigins: readonly string[] }): (ctx: Context) => void {
  const configured = [new URL(options.publicUrl).origin, ...options.corsOrigins].map((origin) => origin.toLowerCase());
  return (ctx) => {
    // The origin this request was addressed to (Koa 3's ctx.origin is the Origin header instead).
    const own = `${ctx.protocol}://${ctx.host}`.toLowerCase();
    const trusted = new Set([...configured, own]);
    const origin = ctx.get('Origin') || undefined;
    const secFetchSite = ctx.get('Sec-Fetch-Site') || undefined;
    if (isCrossSiteWrite({ method: ctx.method, origin, secFetchSite }, trusted)) throw new AppError('CSRF_REJECTED', CSRF_REJECTED_DETAIL);
  };
}
