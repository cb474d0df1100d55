import { describe, expect, it } from '@jest/globals';
import { retryInBackground } from '../../worker/retention-schedule.ts';

describe('retryInBackground (the retention schedule at worker start)', () => {
  it.each([
    { failures: 0, attempts: 1 },
    { failures: 1, attempts: 2 },
    { failures: 4, attempts: 5 },
  ])('after $failures failure(s) it succeeds on attempt $attempts and stops trying', async ({ failures, attempts }) => {
    let calls = 0;
    const reported: number[] = [];
    const retry = retryInBackground(
      async () => {
        calls += 1;
        if (calls <= failures) throw new Error(`deadline exceeded ${calls}`);
      },
      { onFailure: (_error, attempt) => reported.push(attempt), initialDelayMs: 1, maxDelayMs: 4 },
    );
    await retry.settled;
    expect(calls).toBe(attempts);
    expect(reported).toEqual(Array.from({ length: failures }, (_, index) => index + 1));
  });

  it('does not hold up the caller, and stop() ends the waiting without another attempt', async () => {
    let calls = 0;
    let settled = false;
    const retry = retryInBackground(
      async () => {
        calls += 1;
        throw new Error('unavailable');
      },
      { onFailure: () => {}, initialDelayMs: 60_000 },
    );
    void retry.settled.then(() => {
      settled = true;
    });
    // The first attempt has run; the caller got control back while the retry waits a minute.
    await Promise.resolve();
    expect(calls).toBe(1);
    expect(settled).toBe(false);
    retry.stop();
    await retry.settled;
    expect(calls).toBe(1);
  });
});
