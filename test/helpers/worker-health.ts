import type { WorkerHealthSources } from '../../worker/health.ts';
import type { OutboxRelayStats } from '../../worker/outbox/relay.ts';

/** The fixed clock of the worker health fixtures below. */
export const NOW = 1_800_000_000_000;

/** A relay that finished a batch 200 ms before NOW and has failed before, but not lately. */
export const relayStats = (overrides: Partial<OutboxRelayStats> = {}): OutboxRelayStats => ({
  lastSuccessAt: NOW - 200,
  batches: 12,
  failedBatches: 3,
  consecutiveFailures: 0,
  relayedEvents: 40,
  ...overrides,
});

/** What the worker's health check reads, all healthy at NOW unless overridden. */
export const healthSources = (overrides: Partial<WorkerHealthSources> = {}): WorkerHealthSources => ({
  database: async () => true,
  temporal: async () => true,
  workerState: () => 'RUNNING',
  relayStats: () => relayStats(),
  now: () => NOW,
  ...overrides,
});
