import { createFollowUpPacer, workerIsBusy } from '../../worker/follow-up-pacer.ts';

/** A pacer on a clock that moves only when it sleeps; `busyUntil` ms of that clock per check (Infinity: always busy). */
function pacedOn(busyUntil: number[], options: { pollMs?: number; quietMs?: number; maxWaitMs?: number } = {}) {
  let clock = 0;
  const sleeps: number[] = [];
  const pacer = createFollowUpPacer({
    ...options,
    now: () => clock,
    sleep: async (ms) => {
      sleeps.push(ms);
      clock += ms;
    },
  });
  for (const until of busyUntil) pacer.watch(() => clock < until);
  return { pacer, sleeps };
}

describe('createFollowUpPacer', () => {
  it.each([
    { name: 'nothing watched (a follow-up worker process)', busyUntil: [], waited: 0, waits: 0 },
    { name: 'the critical path idle', busyUntil: [0, 0], waited: 0, waits: 0 },
    { name: 'busy for 50 ms: waits until it has been idle for 100 ms', busyUntil: [50], waited: 140, waits: 7 },
    { name: 'one of two checks busy for 30 ms', busyUntil: [0, 30], waited: 120, waits: 6 },
    { name: 'busy for longer than the cap: goes on after 1 s', busyUntil: [Infinity], waited: 1_000, waits: 50 },
  ])('$name', async ({ busyUntil, waited, waits }) => {
    const { pacer, sleeps } = pacedOn(busyUntil, { pollMs: 20, quietMs: 100, maxWaitMs: 1_000 });
    let heartbeats = 0;
    expect(await pacer.pace(() => (heartbeats += 1))).toBe(waited);
    expect(sleeps).toHaveLength(waits);
    expect(heartbeats).toBe(waits);
  });

  it('never sleeps past the cap', async () => {
    const { pacer, sleeps } = pacedOn([Infinity], { pollMs: 30, quietMs: 100, maxWaitMs: 100 });
    expect(await pacer.pace()).toBe(100);
    expect(sleeps).toEqual([30, 30, 30, 10]);
  });

  it('remembers busy seen by an earlier wait: the next one waits for the quiet window though idle at its start', async () => {
    const { pacer } = pacedOn([1_000], { pollMs: 20, quietMs: 100, maxWaitMs: 1_000 });
    expect(await pacer.pace()).toBe(1_000);
    expect(await pacer.pace()).toBe(80);
    expect(await pacer.pace()).toBe(0);
  });
});

describe('workerIsBusy', () => {
  const status = (workflowTasks: number, activities: number) => ({
    getStatus: () => ({ numInFlightWorkflowActivations: workflowTasks, numInFlightActivities: activities }) as never,
  });
  it.each([
    [0, 0, false],
    [1, 0, true],
    [0, 2, true],
  ])('%i workflow tasks and %i activities in flight: busy %s', (workflowTasks, activities, busy) => {
    expect(workerIsBusy(status(workflowTasks, activities))).toBe(busy);
  });
});
