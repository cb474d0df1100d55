import { isCancellation, patched } from '@temporalio/workflow';

/**
 * An idempotent activity tried first as a local activity (no server round trip, no wait for an
 * activity slot, a few attempts in the worker); when those fail, e.g. the database is away, the
 * same activity as a regular one, which the server retries, so the workflow task completes at once
 * and the work waits in Temporal. `patch`: histories recorded while the workflow ran the regular
 * activity only keep replaying that way.
 */
export function localFirst<I, O>(
  local: (input: I) => Promise<O>,
  durable: (input: I) => Promise<O>,
  options: { patch?: string } = {},
): (input: I) => Promise<O> {
  return async (input) => {
    if (options.patch !== undefined && !patched(options.patch)) return durable(input);
    try {
      return await local(input);
    } catch (error) {
      // Whatever the local attempts failed with: the SDK may surface a local activity's own failure
      // (e.g. the driver's error) rather than an ActivityFailure wrapping it.
      if (isCancellation(error)) throw error;
      return durable(input);
    }
  };
}
