import { createLogger } from '../../shared/logger.ts';
import {
  checkWorkerHealth,
  isRelayRecent,
  RELAY_STALE_AFTER_MS,
  startWorkerHealthServer,
  type WorkerHealthSources,
} from '../../worker/health.ts';
import { healthSources, NOW, relayStats } from '../helpers/worker-health.ts';

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
      { relayStats: () => relayStats({ lastSuccessAt: NOW - 60_000, consecutiveFailures: 5 }) },
      { database: true, temporal: true, worker: true, outbox_relay: false },
    ],
    // WORKER_ROLE=follow-up: the process runs no relay, so its readiness does not wait for one.
    ['a follow-up worker process, which runs no relay', { relayStats: undefined }, { database: true, temporal: true, worker: true }],
    [
      'a follow-up worker process whose worker drains',
      { relayStats: undefined, workerState: () => 'DRAINING' },
      { database: true, temporal: true, worker: false },
    ],
  ])('%s', async (_label, overrides, expected) => {
    const snapshot = await checkWorkerHealth(healthSources(overrides));
    expect(snapshot.checks).toEqual(expected);
    expect(snapshot.ready).toBe(Object.values(expected).every(Boolean));
  });
});

describe('startWorkerHealthServer /readyz', () => {
  it('answers probes arriving together with one round of checks, and checks again for the next probe', async () => {
    let temporalCalls = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let hold = true;
    const server = await startWorkerHealthServer({
      host: '127.0.0.1',
      port: 0,
      logger: createLogger({ level: 'silent', name: 'test' }),
      sources: healthSources({
        temporal: async () => {
          temporalCalls += 1;
          if (hold) await held;
          return true;
        },
        // The relay check reads the clock: keep it current for this real server.
        now: Date.now,
        relayStats: () => relayStats({ lastSuccessAt: Date.now() }),
      }),
    });
    try {
      const probe = async () => (await fetch(`http://127.0.0.1:${server.port}/readyz`)).status;
      const flood = Array.from({ length: 25 }, probe);
      // The check is held once the first probe reached it; the others, sent at once over loopback,
      // arrive within the pause (nothing outside the server can tell when they have; the pause stays
      // well inside the 1.5 s budget after which a held check would answer 503).
      const deadline = Date.now() + 5_000;
      while (temporalCalls === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      await new Promise((resolve) => setTimeout(resolve, 200));
      hold = false;
      release();
      expect(await Promise.all(flood)).toEqual(Array.from({ length: 25 }, () => 200));
      expect(temporalCalls).toBe(1);
      expect(await probe()).toBe(200);
      expect(temporalCalls).toBe(2);
    } finally {
      await server.close();
    }
  });
});

describe('startWorkerHealthServer /metrics', () => {
  it('answers the metrics only to the METRICS_TOKEN bearer when one is set', async () => {
    const token = 'metrics-token-0123456789';
    const server = await startWorkerHealthServer({
      host: '127.0.0.1',
      port: 0,
      logger: createLogger({ level: 'silent', name: 'test' }),
      sources: healthSources(),
      metrics: async () => 'tocsin_worker_up 1\n',
      metricsToken: token,
    });
    try {
      const scrape = (authorization?: string) =>
        fetch(`http://127.0.0.1:${server.port}/metrics`, authorization ? { headers: { authorization } } : {});
      const anonymous = await scrape();
      expect(anonymous.status).toBe(401);
      expect(await anonymous.text()).not.toContain('tocsin_worker_up');
      expect((await scrape('Bearer not-the-token-at-all')).status).toBe(401);
      const scraped = await scrape(`Bearer ${token}`);
      expect(scraped.status).toBe(200);
      expect(await scraped.text()).toBe('tocsin_worker_up 1\n');
    } finally {
      await server.close();
    }
  });
});
