// `npm run bench:ingest:silences`: what active silences cost the storm of `bench:ingest`. On the
// production shape (API and worker as their own processes, real PostgreSQL and Temporal dev
// server, no search), storms of BENCH_STORM_ALERTS (10,000) alerts over BENCH_FINGERPRINTS (100)
// fingerprints from BENCH_SENDERS (50) senders, each in a fresh organization, alternately with
// none and with BENCH_SILENCES (1,000) active silences that match none of its alerts (half two
// equality matchers, half two regexes with a literal prefix), BENCH_ROUNDS (2) times in the order
// none/with, with/none, ...; printed as accepted/s, drain time and worker CPU per alert, and each
// as the ratio with/none within a round, after one unmeasured warm-up storm. A figure to track, not a gate.
import pg from 'pg';
import { cpuSnapshot, type KnownPids } from './process-cpu.ts';
import { call, startProductionStack } from './production-stack.ts';
import { createWebhook, FINGERPRINTS, SENDERS, sendStorm, STORM_ALERTS, type Webhook } from './storm.ts';

const SILENCES = Number(process.env.BENCH_SILENCES ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const TICKS_PER_SECOND = 100;

interface Result {
  acceptedPerSecond: number;
  drainSeconds: number;
  workerMsPerAlert: number;
  exact: boolean;
}

/** SILENCES active silences in the webhook's organization, none matching a storm alert. */
async function createSilences(baseUrl: string, webhook: Webhook): Promise<void> {
  const endsAt = new Date(Date.now() + 6 * 3_600_000).toISOString();
  let next = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      for (let i = next++; i < SILENCES; i = next++) {
        const matchers = i % 2 ? `{alertname="Other${i}", env="prod"}` : `{instance=~"db-${i}-.*:9100", severity=~"low|medium"}`;
        await call(baseUrl, 'POST', '/api/v1/silences', {
          token: webhook.token,
          body: { matchers, ends_at: endsAt, comment: `bench silence ${i}` },
          expect: 201,
        });
      }
    }),
  );
  const listed = await call<{ meta: { total: number } }>(baseUrl, 'GET', '/api/v1/silences?status=active&limit=1', {
    token: webhook.token,
  });
  if (listed.meta.total !== SILENCES) throw new Error(`expected ${SILENCES} active silences, found ${listed.meta.total}`);
}

async function storm(baseUrl: string, db: pg.Client, pids: KnownPids, withSilences: boolean, alerts = STORM_ALERTS): Promise<Result> {
  const webhook = await createWebhook(baseUrl, withSilences ? 'silenced-storm' : 'storm');
  if (withSilences) await createSilences(baseUrl, webhook);
  const before = await cpuSnapshot(pids);
  const { sendSeconds, firstSendAt, drained } = await sendStorm(webhook, db, {
    alerts,
    fingerprints: FINGERPRINTS,
    senders: SENDERS,
    drainTimeoutMs: 600_000,
  });
  const after = await cpuSnapshot(pids);
  // The silences were there and evaluated, and muted nothing: the two storms did the same work.
  const { rows } = await db.query<{ muted: string }>(
    'select count(*) as muted from alerts where organization_id = $1 and silenced_by is not null',
    [webhook.organizationId],
  );
  const workerTicks = (after.ticksByProcess.get('worker') ?? 0) - (before.ticksByProcess.get('worker') ?? 0);
  return {
    acceptedPerSecond: alerts / sendSeconds,
    drainSeconds: (drained.at - firstSendAt) / 1000,
    workerMsPerAlert: (workerTicks * 1000) / TICKS_PER_SECOND / alerts,
    exact: drained.incidents === Math.min(FINGERPRINTS, alerts) && drained.alerts === alerts && Number(rows[0]?.muted) === 0,
  };
}

const stack = await startProductionStack({
  worker: true,
  elasticsearch: false,
  env: {
    RATE_LIMIT_WEBHOOK_PER_HOUR: '100000000',
    RATE_LIMIT_INTERACTIVE_PER_HOUR: '100000000',
    // No search: API and worker find no embedding model, so nothing is indexed or analyzed.
    TOCSIN_TOOL_CACHE: '/nonexistent/tocsin-bench',
    ELASTICSEARCH_URL: '',
  },
});
const db = new pg.Client({ connectionString: stack.databaseUrl });
try {
  await db.connect();
  const pids = { ...stack.pids, 'load generator': process.pid };
  // Unmeasured: the first storm would otherwise also pay for the worker's warm-up (workflow code loaded, connections opened).
  await storm(stack.baseUrl, db, pids, false, Math.min(1000, STORM_ALERTS));
  const rows = [
    `storms of ${STORM_ALERTS} alerts over ${FINGERPRINTS} fingerprints, ${SENDERS} senders; ${SILENCES} active silences matching none, or none`,
    '| round | silences | accepted/s | drained after (s) | worker CPU per alert (ms) | exact |',
    '|---|---|---|---|---|---|',
  ];
  const ratios: string[] = ['| round | accepted/s with ÷ none | drain time with ÷ none | worker CPU with ÷ none |', '|---|---|---|---|'];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const order = round % 2 ? [false, true] : [true, false];
    const results = new Map<boolean, Result>();
    for (const withSilences of order) {
      const result = await storm(stack.baseUrl, db, pids, withSilences);
      results.set(withSilences, result);
      rows.push(
        `| ${round} | ${withSilences ? SILENCES : 0} | ${result.acceptedPerSecond.toFixed(1)} | ${result.drainSeconds.toFixed(1)} | ${result.workerMsPerAlert.toFixed(2)} | ${result.exact ? 'yes' : 'NO'} |`,
      );
    }
    const none = results.get(false) as Result;
    const silenced = results.get(true) as Result;
    ratios.push(
      `| ${round} | ${(silenced.acceptedPerSecond / none.acceptedPerSecond).toFixed(3)} | ${(silenced.drainSeconds / none.drainSeconds).toFixed(3)} | ${(silenced.workerMsPerAlert / none.workerMsPerAlert).toFixed(3)} |`,
    );
  }
  process.stdout.write(['', ...rows, '', ...ratios, ''].join('\n'));
} finally {
  await db.end().catch(() => undefined);
  await stack.stop();
}
