/**
 * Node flags for the API and worker processes; docker-compose.yml and the Helm chart pass the same
 * (test/dev/node-flags.test.ts holds them to it).
 *
 * On Node 22, AsyncLocalStorage runs on promise hooks and each API request crosses two stores; the
 * async context frame (the default from Node 24) makes that cheaper. Passed only where this Node
 * knows the flag; the worker gains nothing from it.
 */
export const ASYNC_CONTEXT_FRAME = '--experimental-async-context-frame';

/**
 * The young generation Node picks on a machine with memory to spare (16 MB semi-spaces). Under a
 * container's memory limit Node sizes it from the limit instead: 4 MB at the chart's 1 GiB for a
 * worker, 1 MB at 512 MiB for the API, and a storm then spends a third more of its CPU collecting
 * garbage (docs/benchmarks.md, "Under the Helm chart's memory limits").
 */
export const YOUNG_GENERATION = '--max-semi-space-size=16';

export function apiNodeFlags(allowed: ReadonlySet<string> = process.allowedNodeEnvironmentFlags): string[] {
  return [...(allowed.has(ASYNC_CONTEXT_FRAME) ? [ASYNC_CONTEXT_FRAME] : []), YOUNG_GENERATION];
}

export function workerNodeFlags(): string[] {
  return [YOUNG_GENERATION];
}
