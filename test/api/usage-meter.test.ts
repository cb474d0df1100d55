import { describe, expect, it } from '@jest/globals';
import type { EntityManager } from '@mikro-orm/core';
import { createUsageMeter } from '../../api/services/usage-meter.ts';

/** Records the rows each flush sends, instead of a database: the meter's own bookkeeping is under test. */
function recordingEm(sent: Array<Array<Record<string, unknown>>>): () => EntityManager {
  const connection = {
    execute: async (_sql: string, params: unknown[]) => {
      sent.push(JSON.parse(params[0] as string));
    },
  };
  return () => ({ getConnection: () => connection }) as unknown as EntityManager;
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
    const sent: Array<Array<Record<string, unknown>>> = [];
    let clock = new Date(instants[0] as string);
    const meter = createUsageMeter({ em: recordingEm(sent), flushIntervalMs: 60_000, now: () => clock });
    for (const instant of instants) {
      clock = new Date(instant);
      meter.count('org-1', 'api_requests');
    }
    await meter.stop();
    expect(sent.flat().map((row) => [row.period_start, row.delta])).toEqual(expected);
  });
});
