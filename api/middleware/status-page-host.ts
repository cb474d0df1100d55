import type { Middleware } from 'koa';
import { hostOf, STATUS_PAGE_DOMAIN } from '../../shared/domain/status-page.ts';
import { STATUS_PAGE_HOST_STATE } from '../routes/status-page.routes.ts';

/** The paths a status page answers at the root of its custom domain, and where they live on the API. */
const PAGE_PATHS = new Set(['/', '/feed.atom', '/summary.json', '/subscribe']);

/**
 * Serves a status page on its custom domain: a request for one of its paths on a host that is not
 * the API's own, and that an enabled page claims, is answered as `/status/{slug}<path>`.
 */
export function statusPageHost(options: { publicUrl: string; slugOfDomain: (domain: string) => Promise<string | null> }): Middleware {
  const ownHost = new URL(options.publicUrl).hostname.toLowerCase();
  const rewrite: Middleware = async (ctx, next) => {
    const host = hostOf(ctx.host);
    if (host === ownHost || !STATUS_PAGE_DOMAIN.test(host)) return next();
    const slug = await options.slugOfDomain(host);
    if (!slug) return next();
    ctx.state[STATUS_PAGE_HOST_STATE] = true;
    ctx.path = `/status/${slug}${ctx.path === '/' ? '' : ctx.path}`;
    return next();
  };
  // Most requests are for no page path: they pass without an async step.
  return (ctx, next) => (PAGE_PATHS.has(ctx.path) ? rewrite(ctx, next) : next());
}
