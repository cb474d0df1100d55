/**
 * One computation shared by its callers: while it runs, every caller waits on the same promise;
 * once it has resolved, its value answers for `maxAgeMs` from when it started (0: only concurrent
 * callers share). A rejection is shared by those waiting on it but never kept. For what anyone may
 * ask for without a credential (health endpoints): a flood of requests costs one check at a time.
 */
export function sharedResult<T>(compute: () => Promise<T>, options: { maxAgeMs: number; now?: () => number }): () => Promise<T> {
  const now = options.now ?? (() => performance.now());
  let running: Promise<T> | undefined;
  let kept: { value: T; startedAt: number } | undefined;
  return () => {
    if (kept && now() - kept.startedAt < options.maxAgeMs) return Promise.resolve(kept.value);
    if (!running) {
      const startedAt = now();
      running = compute().then(
        (value) => {
          kept = { value, startedAt };
          running = undefined;
          return value;
        },
        (error: unknown) => {
          running = undefined;
          throw error;
        },
      );
    }
    return running;
  };
}
