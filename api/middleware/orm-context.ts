import { RequestContext } from '@mikro-orm/core';
import type { Middleware } from 'koa';
import type { Orm } from '../../shared/db/orm.ts';

/** One identity map per request: every em used below this middleware is the request's fork. */
export function ormContext(orm: Orm): Middleware {
  return (_ctx, next) => RequestContext.create(orm.em, next);
}
