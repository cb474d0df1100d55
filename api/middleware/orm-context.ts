import type { AsyncLocalStorage } from 'node:async_hooks';
import { RequestContext, type EntityManager } from '@mikro-orm/core';
import type { Middleware } from 'koa';
import type { Orm } from '../../shared/db/orm.ts';

/**
 * The request's EntityManager fork, made on first use: a request answered from memory (cached
 * credentials, health probes) never pays for a unit of work it does not need.
 */
class LazyForks extends Map<string, EntityManager> {
  readonly #root: EntityManager;
  // Constructing a fork asks the context for its EntityManager again: answer the root meanwhile.
  #forking = false;

  constructor(root: EntityManager) {
    super();
    this.#root = root;
  }

  override get(name: string): EntityManager | undefined {
    let fork = super.get(name);
    if (!fork && name === this.#root.name && !this.#forking) {
      this.#forking = true;
      try {
        fork = this.#root.fork({ useContext: true, disableContextResolution: true });
      } finally {
        this.#forking = false;
      }
      this.set(name, fork);
    }
    return fork;
  }
}

// RequestContext.create() forks eagerly; its store is private in the typings but is the one
// RequestContext.getEntityManager() reads (MikroORM is pinned to one release in package.json).
const contextStorage = (RequestContext as unknown as { storage: AsyncLocalStorage<RequestContext> }).storage;

/** One identity map per request: every em used below this middleware is the request's fork. */
export function ormContext(orm: Orm): Middleware {
  return (_ctx, next) => contextStorage.run(new RequestContext(new LazyForks(orm.em)), next);
}
