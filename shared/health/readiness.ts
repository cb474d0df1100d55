/** Each check's time budget: the whole probe answers within about this, well inside a 2 s probe timeout. */
export const READINESS_CHECK_TIMEOUT_MS = 1500;

/**
 * Runs the checks side by side; one that throws or does not answer within `timeoutMs` counts as
 * failing, so a readiness probe answers in bounded time whatever a dependency does (a black-holed
 * address, an exhausted pool). Shared by the API's and the worker's /readyz.
 */
export async function runReadinessChecks(
  checks: Record<string, () => Promise<boolean> | boolean>,
  timeoutMs = READINESS_CHECK_TIMEOUT_MS,
): Promise<Record<string, boolean>> {
  const bounded = (check: () => Promise<boolean> | boolean) =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      Promise.resolve()
        .then(check)
        .then(
          (ok) => resolve(ok === true),
          () => resolve(false),
        )
        .finally(() => clearTimeout(timer));
    });
  const names = Object.keys(checks);
  const results = await Promise.all(names.map((name) => bounded(checks[name] as () => Promise<boolean>)));
  return Object.fromEntries(names.map((name, index) => [name, results[index] as boolean]));
}
