// `npm run bench:heartbeats`: 10,000 heartbeats waiting as Temporal timers on the production shape
// (separate API and worker processes, Temporal dev server, PostgreSQL), then
//   1. idle: CPU of the worker, Temporal, the API and PostgreSQL over a quiet window while they wait;
//   2. lapses: BENCH_LAPSES more heartbeats whose deadlines fall BENCH_LAPSE_RATE per second while
//      the 10,000 wait, and how late each opened its incident and sent its page after its deadline.
// Env: BENCH_HEARTBEATS (10000), BENCH_IDLE_SECONDS (60), BENCH_LAPSES (200), BENCH_LAPSE_RATE (10/s).
import pg from 'pg';
import { setTimeout as delay } from 'node:timers/promises';
import { waitFor } from '../dev/wait-for.ts';
import { percentile } from './percentile.ts';
import { cpuSnapshot, type CpuSnapshot } from './process-cpu.ts';
import { call, registerOwner, startProductionStack } from './production-stack.ts';

const HEARTBEATS = Number(process.env.BENCH_HEARTBEATS ?? 10_000);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
const LAPSES = Number(process.env.BENCH_LAPSES ?? 200);
const LAPSE_RATE = Number(process.env.BENCH_LAPSE_RATE ?? 10);
const LAPSE_PERIOD_SECONDS = 30;
const CONCURRENCY = 8;
const TICKS_PER_SECOND = 100;

async function eachConcurrently<T>(items: T[], concurrency: number, task: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next++;
        await task(items[index] as T, index);
      }
    }),
  );
}

/** Percent of one core each process used between two snapshots. */
function coreShare(before: CpuSnapshot, after: CpuSnapshot, seconds: number): Record<string, string> {
  const shares: Record<string, string> = {};
  for (const [name, ticks] of after.ticksByProcess) {
    const used = (ticks - (before.ticksByProcess.get(name) ?? 0)) / TICKS_PER_SECOND;
    // PostgreSQL's backends come and go: when more CPU left with exited ones than was added, no figure.
    shares[name] = used < 0 ? 'n/a (processes exited)' : `${((100 * used) / seconds).toFixed(2)} %`;
  }
  const busy = after.machine.busy - before.machine.busy;
  const total = after.machine.total - before.machine.total;
  shares.machine = `${total > 0 ? Math.round((100 * busy) / total) : 0} % of all cores busy (every engineer's work)`;
  return shares;
}

const stack = await startProductionStack({
  worker: true,
  elasticsearch: false,
  env: { RATE_LIMIT_INTERACTIVE_PER_HOUR: '100000000', RATE_LIMIT_WEBHOOK_PER_HOUR: '100000000' },
});
const db = new pg.Client({ connectionString: stack.databaseUrl });
try {
  await db.connect();
  const { baseUrl } = stack;
  const owner = await registerOwner(baseUrl, 'bench-heartbeats');
  const auth = { token: owner.token };
  await call(baseUrl, 'POST', '/api/v1/escalation-policies', {
    ...auth,
    expect: 201,
    body: { name: 'Owner', is_default: true, levels: [{ targets: [{ type: 'user', id: owner.userId }], delay_minutes: 60 }] },
  });
  const integration = await call<{ data: { id: string } }>(baseUrl, 'POST', '/api/v1/integrations', {
    ...auth,
    expect: 201,
    body: { name: 'heartbeats', platform: 'metrics_alerts', secret: 'bench-heartbeats-secret-0123456789abcdef' },
  });
  let retried = 0;
  // A 503 (Temporal did not take the timer in time on a busy machine; nothing was kept) is retried, as the API asks.
  const create = async (name: string, periodSeconds: number) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await call(baseUrl, 'POST', '/api/v1/heartbeats', {
          ...auth,
          expect: 201,
          body: { name, integration_id: integration.data.id, period_seconds: periodSeconds, grace_seconds: 0 },
        });
      } catch (error) {
        if (attempt >= 5 || !String(error).includes('answered 503')) throw error;
        retried += 1;
        await delay(1000);
      }
    }
  };

  // The same quiet window before any heartbeat exists: what the stack costs idle anyway (pollers, relay, sweeps).
  await delay(5_000);
  const baselineBefore = await cpuSnapshot(stack.pids);
  await delay(IDLE_SECONDS * 1000);
  const baseline = coreShare(baselineBefore, await cpuSnapshot(stack.pids), IDLE_SECONDS);

  const createStart = Date.now();
  await eachConcurrently(
    Array.from({ length: HEARTBEATS }, (_, i) => i),
    CONCURRENCY,
    async (i) => {
      await create(`daily job ${i}`, 86_400);
    },
  );
  const createSeconds = (Date.now() - createStart) / 1000;
  process.stderr.write(`bench: ${HEARTBEATS} heartbeats created in ${createSeconds.toFixed(1)} s\n`);

  // Settled: every workflow has run its first task and waits on its timer. On a busy machine the
  // worker may still be working through that backlog after the last create: wait until a 10 s window
  // costs it no more than twice the baseline's (at most 5 minutes).
  const settleStart = Date.now();
  const workerTicks = (snapshot: CpuSnapshot) => snapshot.ticksByProcess.get('worker') ?? 0;
  const baselineWorkerShare = Number.parseFloat(baseline.worker ?? '0');
  while (Date.now() - settleStart < 300_000) {
    const before = await cpuSnapshot(stack.pids);
    await delay(10_000);
    const share = (100 * (workerTicks(await cpuSnapshot(stack.pids)) - workerTicks(before))) / TICKS_PER_SECOND / 10;
    if (share <= Math.max(2 * baselineWorkerShare, 1)) break;
  }
  const settleSeconds = (Date.now() - settleStart) / 1000;
  const idleBefore = await cpuSnapshot(stack.pids);
  await delay(IDLE_SECONDS * 1000);
  const idleAfter = await cpuSnapshot(stack.pids);
  const idle = coreShare(idleBefore, idleAfter, IDLE_SECONDS);

  // Lapses: heartbeats created LAPSE_RATE per second, each lapsing LAPSE_PERIOD_SECONDS later.
  const lapseStart = Date.now();
  const lapseCpuBefore = await cpuSnapshot(stack.pids);
  await eachConcurrently(
    Array.from({ length: LAPSES }, (_, i) => i),
    4,
    async (i) => {
      await delay(Math.max(0, lapseStart + (i * 1000) / LAPSE_RATE - Date.now()));
      await create(`lapsing ${i}`, LAPSE_PERIOD_SECONDS);
    },
  );
  const lateness = async () =>
    (
      await db.query<{ incident_ms: number; page_ms: number | null }>(
        `select extract(epoch from (i.created_at - (h.armed_at + make_interval(secs => h.period_seconds + h.grace_seconds)))) * 1000 as incident_ms,
                extract(epoch from ((select min(p.created_at) from pages p where p.incident_id = i.id and p.status = 'sent')
                                    - (h.armed_at + make_interval(secs => h.period_seconds + h.grace_seconds)))) * 1000 as page_ms
         from heartbeats h join incidents i on i.fingerprint = 'heartbeat-' || h.id
         where h.period_seconds = $1`,
        [LAPSE_PERIOD_SECONDS],
      )
    ).rows;
  const rows = await waitFor(
    'every lapse paged',
    async () => {
      const found = await lateness();
      return found.length === LAPSES && found.every((row) => row.page_ms !== null) ? found : undefined;
    },
    { timeoutMs: LAPSE_PERIOD_SECONDS * 1000 + (LAPSES / LAPSE_RATE) * 1000 + 180_000, intervalMs: 1000 },
  );
  const lapseCpuAfter = await cpuSnapshot(stack.pids);
  const incidentMs = rows.map((row) => Number(row.incident_ms));
  const pageMs = rows.map((row) => Number(row.page_ms));
  const fmt = (values: number[]) =>
    `p50 ${percentile(values, 50).toFixed(0)} ms, p99 ${percentile(values, 99).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms`;
  const [{ n: duplicates } = { n: 0 }] = (
    await db.query<{ n: number }>(
      `select count(*)::int as n from (select fingerprint from incidents group by fingerprint having count(*) > 1) d`,
    )
  ).rows;

  const report = {
    heartbeats_waiting: HEARTBEATS,
    created_per_second: Number((HEARTBEATS / createSeconds).toFixed(1)),
    creates_retried_after_503: retried,
    settled_after_seconds: Number(settleSeconds.toFixed(0)),
    idle_window_seconds: IDLE_SECONDS,
    idle_cpu_share_of_one_core_without_heartbeats: baseline,
    idle_cpu_share_of_one_core: idle,
    lapses: LAPSES,
    lapse_rate_per_second: LAPSE_RATE,
    deadline_to_incident: fmt(incidentMs),
    deadline_to_page_sent: fmt(pageMs),
    duplicate_incidents: duplicates,
    lapse_phase_cpu: coreShare(lapseCpuBefore, lapseCpuAfter, (Date.now() - lapseStart) / 1000),
  };
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
} finally {
  await db.end().catch(() => undefined);
  await stack.stop();
}
