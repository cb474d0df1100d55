import type { AsyncLocalStorage } from 'node:async_hooks';
import { RequestContext, type Dictionary, type EntityManager } from '@mikro-orm/core';
import type { Middleware } from 'koa';
import type { Orm } from '../../shared/db/orm.ts';
import { TENANT_FILTER } from '../../shared/db/tenant-filter.ts';

/**
 * The request's EntityManager fork, made on first use: a request answered from memory (cached
 * credentials, health probes) never pays for a unit of work it does not need.
 */
class LazyForks extends Map<string, EntityManager> {
  readonly #root: EntityManager;
  // Constructing a fork asks the context for its EntityManager again: answer the root meanwhile.
  #forking = false;
  #filterParams: Array<[string, Dictionary]> = [];

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
      // Stored first: setFilterParams resolves the context's EntityManager, which is this fork.
      this.set(name, fork);
      for (const [filter, params] of this.#filterParams) fork.setFilterParams(filter, params);
    }
    return fork;
  }

  /** Filter parameters for the request's fork, applied when it is made (at once if it exists). */
  setFilterParams(filter: string, params: Dictionary): void {
    const existing = super.get(this.#root.name);
    if (existing) existing.setFilterParams(filter, params);
    else this.#filterParams.push([filter, params]);
  }
}

// RequestContext.create() forks eagerly; its store is private in the typings but is the one
// RequestContext.getEntityManager() reads (MikroORM is pinned to one release in package.json).
const contextStorage = (RequestContext as unknown as { storage: AsyncLocalStorage<RequestContext> }).storage;

/**
 * Scopes the current request's EntityManager to one organization without forcing the fork into
 * existence; outside ormContext (e.g. the WebSocket handshake's own RequestContext) it sets the
 * parameters on `em()` directly.
 */
export function scopeRequestToOrganization(em: () => EntityManager, organizationId: string): void {
  const forks = RequestContext.currentRequestContext()?.map;
  if (forks instanceof LazyForks) forks.setFilterParams(TENANT_FILTER, { organizationId });
  else em().setFilterParams(TENANT_FILTER, { organizationId });
}

/** One identity map per request: every em used below this middleware is the request's fork. */
export function ormContext(orm: Orm): Middleware {
  return (_ctx, next) => contextStorage.run(new RequestContext(new LazyForks(orm.em)), next);
}
