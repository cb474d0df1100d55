import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import { logContext } from '../../shared/log-context.ts';

// An incoming id is echoed only when it is short and plain, so it cannot inject into logs or headers.
const WELL_FORMED = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Gives every request an id (echoed or generated), in the X-Request-ID header, ctx.state and every
 * log line written while handling it.
 */
export function requestId(): Middleware {
  return async (ctx, next) => {
    const incoming = ctx.get('X-Request-ID');
    const id = WELL_FORMED.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = id;
    ctx.set('X-Request-ID', id);
    await logContext.run({ requestId: id }, next);
  };
}
