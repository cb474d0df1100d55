import { describe, expect, it } from '@jest/globals';
import { createUsageMeter } from '../../api/services/usage-meter.ts';
import type { UsageCounterStore, UsageDelta } from '../../shared/db/access/usage-counters.ts';

/** Records the rows each flush sends, instead of a database: the meter's own bookkeeping is under test. */
function recordingCounters(sent: UsageDelta[][]): () => UsageCounterStore {
  return () => ({
    addAcrossOrganizations: async (deltas) => {
      sent.push([...deltas]);
    },
  });
}

describe('usage meter', () => {
  it.each([
    ['within one month', ['2026-11-03T10:00:00Z', '2026-11-30T23:59:59Z'], [['2026-11-01', 2]]],
    [
      'across a month boundary',
      ['2026-11-30T23:59:59Z', '2026-12-01T00:00:00Z'],
      [
        ['2026-11-01', 1],
        ['2026-12-01', 1],
      ],
    ],
    [
      'a clock set back into the previous month',
      ['2026-12-01T00:00:00Z', '2026-11-30T23:00:00Z'],
      [
        ['2026-12-01', 1],
        ['2026-11-01', 1],
      ],
    ],
  ])('counts each request in the billing period it happened in: %s', async (_case, instants, expected) => {
    const sent: UsageDelta[][] = [];
    let clock = new Date(instants[0] as string);
    const meter = createUsageMeter({ counters: recordingCounters(sent), flushIntervalMs: 60_000, now: () => clock });
    for (const instant of instants) {
      clock = new Date(instant);
      meter.count('org-1', 'api_requests');
    }
    await meter.stop();
    expect(sent.flat().map((row) => [row.periodStart, row.delta])).toEqual(expected);
  });
});
