import { ExitedBeforeReadyError, startAgainOnEarlyExit } from '../../dev/wait-for.ts';

/** A start that fails with each of `failures` in turn, then returns the attempt it succeeded on. */
function startFailing(failures: Error[]): { start: (attempt: number) => Promise<number>; calls: () => number } {
  let calls = 0;
  return {
    start: async (attempt) => {
      calls += 1;
      const failure = failures[attempt - 1];
      if (failure) throw failure;
      return attempt;
    },
    calls: () => calls,
  };
}

const early = (port: number) =>
  new ExitedBeforeReadyError(`server: the process exited before it was ready\nbind 127.0.0.1:${port}: address in use`);

describe('startAgainOnEarlyExit', () => {
  it.each([
    { case: 'starts once when the first start serves', failures: [], attempt: 1 },
    { case: 'starts again after one early exit', failures: [early(1)], attempt: 2 },
    { case: 'starts a third time after two', failures: [early(1), early(2)], attempt: 3 },
  ])('$case', async ({ failures, attempt }) => {
    const log: string[] = [];
    const flaky = startFailing(failures);
    await expect(startAgainOnEarlyExit('server', flaky.start, (line) => log.push(line))).resolves.toBe(attempt);
    expect(flaky.calls()).toBe(attempt);
    expect(log).toEqual(failures.map(() => 'server: server: the process exited before it was ready; starting it again on fresh ports'));
  });

  it('gives up after the third early exit with the last one', async () => {
    const last = early(3);
    const flaky = startFailing([early(1), early(2), last, early(4)]);
    await expect(startAgainOnEarlyExit('server', flaky.start)).rejects.toBe(last);
    expect(flaky.calls()).toBe(3);
  });

  it('does not start again after any other failure: a server that serves late or wrong stays failed', async () => {
    const timeout = new Error('server was not ready within 30000 ms');
    const flaky = startFailing([timeout]);
    await expect(startAgainOnEarlyExit('server', flaky.start)).rejects.toBe(timeout);
    expect(flaky.calls()).toBe(1);
  });
});
