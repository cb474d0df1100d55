/**
 * Node flags for the API process (docker-compose.yml and the Helm chart pass the same). On Node 22,
 * AsyncLocalStorage runs on promise hooks, and each request crosses two stores (the ORM's request
 * context, the log context): measured on `GET /auth/me`, `--experimental-async-context-frame` (the
 * default from Node 24) gives the API about 10-40 % more requests per second. Passed only where
 * this Node knows the flag. The worker keeps Node's default until it is measured and tested with it.
 */
export const ASYNC_CONTEXT_FRAME = '--experimental-async-context-frame';

export function apiNodeFlags(allowed: ReadonlySet<string> = process.allowedNodeEnvironmentFlags): string[] {
  return allowed.has(ASYNC_CONTEXT_FRAME) ? [ASYNC_CONTEXT_FRAME] : [];
}
