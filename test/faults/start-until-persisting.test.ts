import { describe, expect, it } from '@jest/globals';
import { startUntilPersisting } from './start-until-persisting.ts';

/** A server whose successive starts persist or not, as listed; records every call. */
function scripted(persistsAfterStart: boolean[]) {
  const calls: string[] = [];
  let started = 0;
  return {
    calls,
    server: {
      async start() {
        started += 1;
        calls.push('start');
      },
      async stop() {
        calls.push('stop');
      },
      async persists() {
        const answer = persistsAfterStart[started - 1];
        if (answer === undefined) throw new Error(`unexpected probe after start ${started}`);
        calls.push(answer ? 'persists' : 'stuck');
        return answer;
      },
    },
  };
}

describe('startUntilPersisting', () => {
  it.each([
    ['persists at once: one start, nothing to report', [true], ['start', 'persists'], { starts: 1 }],
    [
      'stuck once: stopped, started once more, and said so',
      [false, true],
      ['start', 'stuck', 'stop', 'start', 'persists'],
      { starts: 2, recovery: 'Temporal served but did not persist a write within 30000 ms after its restart; started once more' },
    ],
  ])('%s', async (_label, answers, expectedCalls, expected) => {
    const { server, calls } = scripted(answers);
    await expect(startUntilPersisting(server, 'Temporal', 30_000)).resolves.toEqual(expected);
    expect(calls).toEqual(expectedCalls);
  });

  it('fails when the second start is stuck too, without a third', async () => {
    const { server, calls } = scripted([false, false]);
    await expect(startUntilPersisting(server, 'Temporal', 30_000)).rejects.toThrow(
      'Temporal did not persist a write within 30000 ms after its restart, twice',
    );
    expect(calls).toEqual(['start', 'stuck', 'stop', 'start', 'stuck']);
  });

  it('does not probe a start that failed', async () => {
    const calls: string[] = [];
    const server = {
      start: async () => {
        calls.push('start');
        throw new Error('port taken');
      },
      stop: async () => {
        calls.push('stop');
      },
      persists: async () => {
        calls.push('probe');
        return true;
      },
    };
    await expect(startUntilPersisting(server, 'Temporal', 30_000)).rejects.toThrow('port taken');
    expect(calls).toEqual(['start']);
  });
});
