import type { OutboxRelayStats } from '../../worker/outbox/relay.ts';
import { checkWorkerHealth, isRelayRecent, RELAY_STALE_AFTER_MS, type WorkerHealthSources } from '../../worker/health.ts';

const NOW = 1_800_000_000_000;
const relay = (overrides: Partial<OutboxRelayStats> = {}): OutboxRelayStats => ({
  lastSuccessAt: NOW - 200,
  batches: 12,
  failedBatches: 3,
  consecutiveFailures: 0,
  relayedEvents: 40,
  ...overrides,
});
const sources = (overrides: Partial<WorkerHealthSources> = {}): WorkerHealthSources => ({
  database: async () => true,
  temporal: async () => true,
  workerState: () => 'RUNNING',
  relayStats: () => relay(),
  now: () => NOW,
  ...overrides,
});

describe('isRelayRecent', () => {
  it.each<[string, number | undefined, boolean]>([
    ['a batch that just finished', NOW - 1, true],
    ['a batch exactly at the limit', NOW - RELAY_STALE_AFTER_MS, true],
    ['a batch just past the limit', NOW - RELAY_STALE_AFTER_MS - 1, false],
    ['no batch yet', undefined, false],
  ])('%s → %p', (_label, lastSuccessAt, expected) => {
    expect(isRelayRecent({ lastSuccessAt }, NOW)).toBe(expected);
  });
});

describe('checkWorkerHealth', () => {
  it.each<[string, Partial<WorkerHealthSources>, Record<string, boolean>]>([
    ['everything answers', {}, { database: true, temporal: true, worker: true, outbox_relay: true }],
    [
      'the database refuses',
      {
        database: async () => {
          throw new Error('ECONNREFUSED');
        },
      },
      { database: false, temporal: true, worker: true, outbox_relay: true },
    ],
    ['Temporal answers false', { temporal: async () => false }, { database: true, temporal: false, worker: true, outbox_relay: true }],
    ['the worker is draining', { workerState: () => 'DRAINING' }, { database: true, temporal: true, worker: false, outbox_relay: true }],
    [
      'the relay has failed for a minute',
      { relayStats: () => relay({ lastSuccessAt: NOW - 60_000, consecutiveFailures: 5 }) },
      { database: true, temporal: true, worker: true, outbox_relay: false },
    ],
  ])('%s', async (_label, overrides, expected) => {
    const snapshot = await checkWorkerHealth(sources(overrides));
    expect(snapshot.checks).toEqual(expected);
    expect(snapshot.ready).toBe(Object.values(expected).every(Boolean));
  });
});
