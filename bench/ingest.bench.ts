// `npm run bench:ingest`: alert ingestion on the production shape (API and worker as their own
// processes, real PostgreSQL and Temporal dev server). Three modes, all by default:
// - storm: BENCH_STORM_ALERTS (10,000) signed metrics_alerts webhooks over BENCH_FINGERPRINTS (100)
//   fingerprints from BENCH_SENDERS (50) concurrent senders that retry on 5xx, as fast as accepted:
//   accepted/s, accept p50/p99, seconds from the first send until the incidents hold exactly the
//   alerts sent, and the outbox lag (event commit → WebSocket push) seen by a socket.io client;
// - rate: BENCH_RATE (100) alerts/s for BENCH_SECONDS (20), each opening an incident: alert →
//   incident latency, to the row and to the `incident.created` push, and from a sample of the
//   workflows' histories how long their first task waited for a worker slot and then ran.
//   With rate or paging: every workflow the run started, by task queue and type (bench/workflow-census.ts).
// - paging: BENCH_PAGING_RATE (30) new incidents/s for BENCH_PAGING_SECONDS (20), each paged through
//   a real SMTP server (Mailpit): alert → page accepted, and the run fails unless Mailpit holds
//   exactly one level-1 page per incident (bench/paging.ts); BENCH_PAGING_CHANNEL=push pages by push
//   through a local ntfy instead: alert → first push accepted by it (bench/paging-push.ts);
//   BENCH_PAGING_TARGET=schedule has the policy page whoever a schedule has on call (the owner).
// - waiting: BENCH_WAITING_ESCALATIONS (10,000) escalations opened at BENCH_WAITING_RATE (100) per second, all waiting
//   BENCH_WAIT_MINUTES (2) before level 2: how late level 2 fires after its due time (bench/paging.ts).
// - grouped storm (with storm, or BENCH_MODE=grouped-storm alone): the same storm, its integration grouping by
//   one label into BENCH_SHARDS (10) incidents: accepted/s and drain time beside the ungrouped storm's.
// BENCH_MODE=storm, rate, paging, waiting or grouped-storm runs one (Mailpit and SMTP_URL only when paging or waiting runs);
// BENCH_TEMPORAL=server runs it on the Temporal server on PostgreSQL instead of the dev server.
// BENCH_SEARCH=off leaves search (indexing, analysis) out (and Elasticsearch is not started);
// BENCH_SEARCH=postgres runs search on PostgreSQL (`npm start`'s default) instead of Elasticsearch; storm
// and rate print the CPU time each process spent per alert or per new incident. BENCH_NODE_OPTIONS reaches the API and worker (e.g. --cpu-prof). A figure to track, not a gate.
import { Connection, WorkflowClient } from '@temporalio/client';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { resolveMailpit, startMailpit } from '../dev/mailpit.ts';
import { toolCacheDir } from '../shared/load-config.ts';
import { paging, waitingEscalations } from './paging.ts';
import { alertToPush } from './paging-push.ts';
import { startFakeNtfy } from '../test/helpers/fake-ntfy.ts';
import { percentile } from './percentile.ts';
import { cpuPerUnit, cpuSnapshot, type KnownPids } from './process-cpu.ts';
import { startProductionStack, type ProductionStack } from './production-stack.ts';
import { call } from './production-stack.ts';
import { createWebhook, FINGERPRINTS, poll as pollUntil, send, SENDERS, sendStorm, STORM_ALERTS, STORM_SHARDS } from './storm.ts';
import { ORGANIZATION_ID } from '../shared/domain/search-attributes.ts';
import { workflowCensus, workflowTasksOf } from './workflow-census.ts';

const MODE = process.env.BENCH_MODE ?? 'all';
const runs = (mode: string) => MODE === 'all' || MODE === 'both' || MODE === mode;
const RATE = Number(process.env.BENCH_RATE ?? 100);
const RATE_SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const DRAIN_TIMEOUT_MS = 300_000;
const SEARCH = process.env.BENCH_SEARCH !== 'off';

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');

/** A socket.io client of the organization: every event's push time minus its commit timestamp. */
async function watchEvents(baseUrl: string, token: string): Promise<{ socket: Socket; lags: number[]; received: Map<string, number> }> {
  const socket = io(baseUrl, { path: '/api/v1/ws', auth: { token }, transports: ['websocket'] });
  const lags: number[] = [];
  const received = new Map<string, number>();
  socket.onAny((type: string, message: { timestamp?: string; data?: { incident?: { fingerprint?: string } } }) => {
    const now = Date.now();
    received.set(type, (received.get(type) ?? 0) + 1);
    if (message?.timestamp) lags.push(now - Date.parse(message.timestamp));
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, lags, received };
}

const poll = <T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = DRAIN_TIMEOUT_MS) => pollUntil(what, probe, timeoutMs);

async function storm(
  baseUrl: string,
  db: pg.Client,
  temporal: ProductionStack['temporal'],
  pids: KnownPids,
  grouped = false,
): Promise<string[]> {
  const webhook = await createWebhook(baseUrl, grouped ? 'grouped-storm' : 'storm');
  if (grouped) {
    // Grouped by one label into STORM_SHARDS incidents (Alertmanager's group_by).
    const integrationId = webhook.url.split('/').at(-1) as string;
    await call(baseUrl, 'PATCH', `/api/v1/integrations/${integrationId}`, {
      token: webhook.token,
      body: { grouping: { group_by: ['shard'], group_wait_seconds: 30, group_interval_seconds: 300 } },
      expect: 200,
    });
  }
  const expectedIncidents = grouped ? STORM_SHARDS : FINGERPRINTS;
  const watcher = await watchEvents(baseUrl, webhook.token);
  const cpuBefore = await cpuSnapshot(pids);
  const { acceptLatency, retries, sendSeconds, firstSendAt, drained } = await sendStorm(webhook, db, {
    alerts: STORM_ALERTS,
    fingerprints: FINGERPRINTS,
    senders: SENDERS,
    drainTimeoutMs: DRAIN_TIMEOUT_MS,
  });
  // The outbox has relayed everything once no event of the organization waits, and the pushes arrived.
  await poll('outbox relay', async () => {
    const { rows } = await db.query<{ waiting: string }>(
      'select count(*) as waiting from domain_events where organization_id = $1 and dispatched_at is null',
      [webhook.organizationId],
    );
    return Number(rows[0]?.waiting) === 0 ? true : undefined;
  });
  await poll(
    'alert.received pushes',
    async () => ((watcher.received.get('alert.received') ?? 0) >= STORM_ALERTS ? true : undefined),
    30_000,
  ).catch(() => undefined);
  const cpuAfter = await cpuSnapshot(pids);
  watcher.socket.close();
  return [
    `${grouped ? `grouped storm (group_by shard: ${STORM_SHARDS} groups)` : 'storm'}: ${STORM_ALERTS} alerts over ${FINGERPRINTS} fingerprints, ${SENDERS} concurrent senders (one alert per request, retried on 5xx)`,
    `  accepted                  ${STORM_ALERTS} in ${fmt(sendSeconds)} s: ${fmt(STORM_ALERTS / sendSeconds)} alerts/s (${retries} retries)`,
    `  accept latency            p50 ${fmt(percentile(acceptLatency, 50))} ms, p99 ${fmt(percentile(acceptLatency, 99))} ms`,
    `  drained                   ${drained.incidents} incidents holding ${drained.alerts} alerts, ${fmt((drained.at - firstSendAt) / 1000)} s after the first send` +
      (drained.incidents === expectedIncidents && drained.alerts === STORM_ALERTS
        ? ' (exact)'
        : ` (NOT EXACT: expected ${expectedIncidents} and ${STORM_ALERTS})`),
    `  outbox lag (commit→push)  p50 ${fmt(percentile(watcher.lags, 50))} ms, p99 ${fmt(percentile(watcher.lags, 99))} ms, max ${fmt(Math.max(...watcher.lags))} ms over ${watcher.lags.length} pushes (${watcher.received.get('alert.received') ?? 0} alert.received)`,
    `  CPU per alert             ${cpuPerUnit(cpuBefore, cpuAfter, STORM_ALERTS)}`,
    await bucketWorkflowTasks(temporal, webhook.organizationId),
  ];
}

/**
 * Where a new incident's time goes on Temporal's side, from the histories of the organization's
 * bucket ingestion workflows (every run): how long each workflow task (one applies a batch of
 * alerts, its local activity included) waited on the task queue for a worker slot, and how long it
 * then ran. Up to `sample` tasks per run, evenly spaced; and the longest any run's first task waited.
 */
async function bucketWorkflowTasks(temporal: ProductionStack['temporal'], organizationId: string, sample = 100): Promise<string> {
  const connection = await Connection.connect({ address: temporal.address });
  try {
    const client = new WorkflowClient({ connection, namespace: temporal.namespace });
    const executions: { workflowId: string; runId: string }[] = [];
    const query = `WorkflowType = 'alertBucketWorkflow' AND TaskQueue = '${temporal.taskQueue}' AND ${ORGANIZATION_ID.name} = '${organizationId}'`;
    for await (const execution of client.list({ query })) executions.push(execution);
    const waited: number[] = [];
    const ran: number[] = [];
    const firstWaited: number[] = [];
    const failedCauses = new Map<string, number>();
    let longest = 0;
    for (const { workflowId, runId } of executions) {
      const tasks = workflowTasksOf((await client.getHandle(workflowId, runId).fetchHistory()).events ?? []);
      const complete = tasks.filter((task) => task.started !== undefined && task.completed !== undefined);
      for (const task of tasks) {
        if (task.failed) failedCauses.set(task.failed.cause, (failedCauses.get(task.failed.cause) ?? 0) + 1);
        const end = task.completed ?? task.failed?.at;
        if (task.started !== undefined && end !== undefined) longest = Math.max(longest, end - task.started);
      }
      // A new run's first task comes from the normal queue: a wait there is a starved normal-queue poll (0028).
      const first = tasks[0];
      if (first?.started !== undefined) firstWaited.push(first.started - first.scheduled);
      const step = Math.max(1, Math.floor(complete.length / sample));
      for (const task of complete.filter((_, i) => i % step === 0).slice(0, sample)) {
        waited.push((task.started as number) - task.scheduled);
        ran.push((task.completed as number) - (task.started as number));
      }
    }
    return `  bucket workflow tasks     queued p50 ${fmt(percentile(waited, 50))} ms, p99 ${fmt(percentile(waited, 99))} ms; ran p50 ${fmt(percentile(ran, 50))} ms, p99 ${fmt(percentile(ran, 99))} ms (${waited.length} tasks of ${executions.length} bucket runs); a run's first task queued max ${fmt(Math.max(0, ...firstWaited))} ms; longest task ${fmt(longest)} ms; failed tasks: ${[...failedCauses].map(([cause, n]) => `${n} ${cause.replace('WORKFLOW_TASK_FAILED_CAUSE_', '')}`).join(', ') || 'none'}`;
  } finally {
    await connection.close();
  }
}

async function fixedRate(baseUrl: string, db: pg.Client, temporal: ProductionStack['temporal'], pids: KnownPids): Promise<string[]> {
  const webhook = await createWebhook(baseUrl, 'rate');
  const sentAt = new Map<string, number>();
  const pushedAt = new Map<string, number>();
  const watcher = await watchEvents(baseUrl, webhook.token);
  watcher.socket.on('incident.created', (message: { data?: { incident?: { title?: string } } }) => {
    const title = message.data?.incident?.title;
    if (title) pushedAt.set(title, Date.now());
  });
  const total = RATE * RATE_SECONDS;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  let rejected = 0;
  const acceptLatency: number[] = [];
  const cpuBefore = await cpuSnapshot(pids);
  for (let i = 0; i < total; i++) {
    const wait = started + (i * 1000) / RATE - performance.now();
    if (wait > 0) await delay(wait);
    const fingerprint = `rate${String(i).padStart(6, '0')}`;
    const summary = `rate alert ${fingerprint}`;
    sentAt.set(summary, Date.now());
    const t0 = performance.now();
    inFlight.push(
      send(webhook, fingerprint, summary).then((status) => {
        acceptLatency.push(performance.now() - t0);
        if (status !== 200) rejected += 1;
      }),
    );
  }
  await Promise.all(inFlight);
  const rows = await poll('incidents of the fixed-rate run', async () => {
    const result = await db.query<{ title: string; created_at: Date }>(
      'select title, created_at from incidents where organization_id = $1',
      [webhook.organizationId],
    );
    return result.rows.length >= total - rejected ? result.rows : undefined;
  });
  await poll('incident.created pushes', async () => (pushedAt.size >= rows.length ? true : undefined), 30_000).catch(() => undefined);
  // The follow-up work: every event relayed and, with search, every incident indexed and analysed.
  const lastSentAt = Math.max(...sentAt.values());
  // Not caught up within the drain timeout is a result too (the critical path's figures still stand).
  const caughtUpAt = await poll('follow-up work of the fixed-rate run', async () => {
    const {
      rows: [left],
    } = await db.query<{ events: number; unanalysed: number }>(
      `select (select count(*) from domain_events where organization_id = $1 and dispatched_at is null)::int as events,
              (select count(*) from incidents where organization_id = $1 and analyzed_at is null)::int as unanalysed`,
      [webhook.organizationId],
    );
    return left && left.events === 0 && (!SEARCH || left.unanalysed === 0) ? Date.now() : undefined;
  }).catch(() => undefined);
  const cpuAfter = await cpuSnapshot(pids);
  watcher.socket.close();
  const toRow = rows.map((row) => row.created_at.getTime() - (sentAt.get(row.title) ?? NaN)).filter(Number.isFinite);
  // Where in the run the tail sits (a cold start, or a backlog building): p99 by when the alert was sent.
  const firstSentAt = Math.min(...sentAt.values());
  const windowOf = (row: { title: string }) => Math.floor(((sentAt.get(row.title) ?? NaN) - firstSentAt) / 5_000);
  const byWindow = Array.from({ length: Math.ceil(RATE_SECONDS / 5) }, (_, w) =>
    rows.filter((row) => windowOf(row) === w).map((row) => row.created_at.getTime() - (sentAt.get(row.title) as number)),
  );
  const toPush = [...pushedAt].map(([title, at]) => at - (sentAt.get(title) ?? NaN)).filter(Number.isFinite);
  return [
    `rate: ${total} alerts at ${RATE}/s for ${RATE_SECONDS} s, each opening an incident (${rejected} rejected)`,
    `  accept latency            p50 ${fmt(percentile(acceptLatency, 50))} ms, p99 ${fmt(percentile(acceptLatency, 99))} ms`,
    `  alert → incident row      p50 ${fmt(percentile(toRow, 50))} ms, p99 ${fmt(percentile(toRow, 99))} ms (${toRow.length} incidents)`,
    `  alert → incident row p99 by when sent: ${byWindow.map((latencies, w) => `${w * 5}–${w * 5 + 5} s ${fmt(percentile(latencies, 99) / 1000, 2)} s`).join(', ')}`,
    `  alert → incident.created  p50 ${fmt(percentile(toPush, 50))} ms, p99 ${fmt(percentile(toPush, 99))} ms pushed on the WebSocket (${toPush.length})`,
    `  follow-up caught up       ${caughtUpAt === undefined ? `NOT within ${DRAIN_TIMEOUT_MS / 1000}` : fmt((caughtUpAt - lastSentAt) / 1000)} s after the last alert (events relayed${SEARCH ? ', incidents indexed and analysed' : ''})`,
    `  CPU per new incident      ${cpuPerUnit(cpuBefore, cpuAfter, rows.length)}${caughtUpAt === undefined ? ' (the follow-up unfinished)' : ''}`,
    await bucketWorkflowTasks(temporal, webhook.organizationId),
  ];
}

// Paging needs a real SMTP server; the other modes keep mail in the outbox table, as before.
const mailpit =
  MODE === 'all' || MODE === 'paging' || MODE === 'waiting'
    ? await startMailpit(await resolveMailpit({ explicitPath: process.env.MAILPIT_PATH || undefined, cacheDir: toolCacheDir() }))
    : undefined;
// BENCH_PAGING_CHANNEL=push: the owner is paged by push through a local ntfy instead of by email.
const PUSH = process.env.BENCH_PAGING_CHANNEL === 'push' && (MODE === 'all' || MODE === 'paging');
const ntfy = PUSH ? await startFakeNtfy() : undefined;
const stack = await startProductionStack({
  worker: true,
  // BENCH_FOLLOW_UP=process: search's follow-up in a worker process of its own (decision 0023).
  followUpProcess: process.env.BENCH_FOLLOW_UP === 'process',
  // BENCH_SEARCH=postgres: search on PostgreSQL, as `npm start` runs it unless asked for Elasticsearch.
  elasticsearch: process.env.BENCH_SEARCH !== 'off' && process.env.BENCH_SEARCH !== 'postgres',
  env: {
    ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
    RATE_LIMIT_WEBHOOK_PER_HOUR: '100000000',
    RATE_LIMIT_INTERACTIVE_PER_HOUR: '100000000',
    ...(mailpit ? { SMTP_URL: mailpit.smtpUrl } : {}),
    // BENCH_SEARCH=off: API and worker find no embedding model, so nothing is indexed or analyzed.
    ...(process.env.BENCH_SEARCH === 'off' ? { TOCSIN_TOOL_CACHE: '/nonexistent/tocsin-bench', ELASTICSEARCH_URL: '' } : {}),
  },
});
const db = new pg.Client({ connectionString: stack.databaseUrl });
try {
  await db.connect();
  // CPU is read for the API, the worker, this process and the servers it started.
  const pids = { ...stack.pids, 'load generator': process.pid };
  const temporalKind = process.env.BENCH_TEMPORAL === 'server' ? 'the Temporal server on PostgreSQL' : 'Temporal dev server';
  const lines = ['', `ingest benchmark (API and worker as their own processes, real PostgreSQL and ${temporalKind})`];
  if (runs('storm')) lines.push(...(await storm(stack.baseUrl, db, stack.temporal, pids)));
  // The same storm grouped by one label, right after in the same run: grouping's cost as a ratio.
  if (runs('storm') || MODE === 'grouped-storm') lines.push(...(await storm(stack.baseUrl, db, stack.temporal, pids, true)));
  const rateOrPagingStarted = new Date();
  if (runs('rate')) lines.push(...(await fixedRate(stack.baseUrl, db, stack.temporal, pids)));
  if (ntfy) lines.push(...(await alertToPush(stack.baseUrl, stack.databaseUrl, ntfy, pids)));
  else if (mailpit && runs('paging')) lines.push(...(await paging(stack.baseUrl, stack.databaseUrl, mailpit, pids)));
  if (runs('rate') || runs('paging')) lines.push(...(await workflowCensus(stack.temporal, rateOrPagingStarted)));
  if (runs('waiting')) lines.push(...(await waitingEscalations(stack.baseUrl, stack.databaseUrl)));
  lines.push(
    'targets: storm >= 500 alerts/s accepted, drained exactly < 15 s after the first send, outbox lag p99 < 2 s; rate at 100/s: alert → incident p99 < 1 s, follow-up caught up < 15 s, CPU per new incident <= 15 ms with search off and <= 25 ms on the defaults (all processes); paging: alert → page p99 < 2 s at 30/s on the defaults and at 100/s with search off, every incident paged exactly once; push paging at 30/s: alert → push accepted p99 < 2 s; 10,000 waiting: level 2 late p99 < 2 s',
    '',
  );
  process.stdout.write(lines.join('\n'));
} finally {
  await db.end().catch(() => undefined);
  await stack.stop();
  await mailpit?.stop();
  await ntfy?.stop();
}
