/**
 * Node flags for the API process (docker-compose.yml and the Helm chart pass the same). On Node 22,
 * AsyncLocalStorage runs on promise hooks and each request crosses two stores; the async context
 * frame (the default from Node 24) makes that cheaper. Passed only where this Node knows the flag;
 * the worker keeps Node's default (it gains nothing from the flag).
 */
export const ASYNC_CONTEXT_FRAME = '--experimental-async-context-frame';

export function apiNodeFlags(allowed: ReadonlySet<string> = process.allowedNodeEnvironmentFlags): string[] {
  return allowed.has(ASYNC_CONTEXT_FRAME) ? [ASYNC_CONTEXT_FRAME] : [];
}
