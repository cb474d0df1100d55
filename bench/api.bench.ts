// `npm run bench:api`: authenticated reads against the production shape (the API as its own
// process on a fresh database), next to raw node:http serving the very same bytes, all in one run.
// Prints req/s, p50, p99 and the ratio to raw node:http. A figure to track, not a gate. GET /oncall
// runs over 100 schedules of three layers with overrides; one schedule's year is rendered too.
// Then GET /analytics over an organization of 100k incidents with their history and alerts,
// seeded by generate_series (BENCH_ANALYTICS_INCIDENTS), one request at a time: p50 and p95.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { percentile } from './percentile.ts';
import { call, registerOwner, startProductionStack } from './production-stack.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ANALYTICS_INCIDENTS = Number(process.env.BENCH_ANALYTICS_INCIDENTS ?? 100_000);
const ANALYTICS_REQUESTS = Number(process.env.BENCH_ANALYTICS_REQUESTS ?? 40);
// `BENCH_ONLY=analytics`: the GET /analytics table alone (no autocannon rows).
const ANALYTICS_ONLY = process.env.BENCH_ONLY === 'analytics';
// `BENCH_ONLY=oncall`: GET /oncall (beside raw node:http) and one schedule's year alone.
const ONCALL_ONLY = process.env.BENCH_ONLY === 'oncall';
// `BENCH_ONLY=reads`: /healthz, GET /auth/me and GET /incidents/{id} beside raw node:http alone.
const READS_ONLY = process.env.BENCH_ONLY === 'reads';

interface Measured {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Measured> {
  const run = (duration: number) => autocannon({ url, connections: CONNECTIONS, duration, headers, pipelining: 1 });
  await run(1); // warm-up: JIT, connection pools, caches
  const result = await run(SECONDS);
  const errors = result.errors + result.timeouts + result.non2xx;
  return { name, requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors };
}

/**
 * `incidents` incidents over the last 90 days in the organization, as ingestion and people leave
 * them: mixed severities, sources, integrations and assignees; 85% resolved, most acknowledged,
 * half mitigated and assigned; a `created` and a status entry on each timeline; two alerts each.
 */
async function seedAnalyticsHistory(databaseUrl: string, organizationId: string, assigneeId: string, incidents: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into incidents (id, organization_id, title, status, severity, source, integration_id, assignee_id, created_at, updated_at,
         acknowledged_at, first_assigned_at, mitigated_at, resolved_at)
       select gen_random_uuid(), $1, 'Seeded incident ' || g,
         case when g % 20 < 17 then 'resolved' when g % 20 < 19 then 'investigating' else 'active' end,
         (array['critical', 'high', 'medium', 'low'])[1 + g % 4],
         (array['infra_monitor', 'apm', 'pager', 'dashboards', 'search_logs', 'observability', 'metrics_alerts', 'manual'])[1 + g % 8],
         case when g % 8 = 7 then null else ('00000000-0000-4000-8000-00000000000' || (g % 5))::uuid end,
         case when g % 2 = 0 then $2::uuid end,
         c, c, case when g % 20 < 19 then c + (g % 900) * interval '1 second' end,
         case when g % 2 = 0 then c + (g % 1200) * interval '1 second' end,
         case when g % 20 < 17 and g % 2 = 1 then c + (g % 3600) * interval '1 second' end,
         case when g % 20 < 17 then c + (3600 + g % 14400) * interval '1 second' end
       from generate_series(1, $3::int) as g, lateral (select now() - (g * (90 * 86400.0 / $3)) * interval '1 second' as c) as t`,
      [organizationId, assigneeId, incidents],
    );
    await client.query(
      `insert into incident_timeline (id, organization_id, incident_id, type, message, data, created_at)
       select gen_random_uuid(), organization_id, id, 'created', 'Incident created', '{}', created_at from incidents where organization_id = $1
       union all
       select gen_random_uuid(), organization_id, id, 'status_changed', 'Status changed', jsonb_build_object('from', 'active', 'to', status), coalesce(resolved_at, acknowledged_at)
         from incidents where organization_id = $1 and acknowledged_at is not null`,
      [organizationId],
    );
    await client.query(
      `insert into alerts (id, organization_id, integration_id, incident_id, platform, dedup_key, title, severity, status, raw, received_at, processed_at)
       select gen_random_uuid(), i.organization_id, coalesce(i.integration_id, '00000000-0000-4000-8000-000000000000'), i.id,
         case when i.source = 'manual' then 'apm' else i.source end, 'seed-' || i.id, i.title, i.severity, 'firing', '{}',
         i.created_at + n * interval '1 minute', i.created_at + n * interval '1 minute'
       from incidents i, generate_series(0, 1) as n where i.organization_id = $1`,
      [organizationId],
    );
    // As autovacuum would soon after: statistics, and the visibility map index-only scans need.
    await client.query('vacuum analyze incidents, alerts, incident_timeline');
  } finally {
    await client.end();
  }
}

/** Sequential requests (latency, not throughput): p50 and p95 in ms. */
async function measureLatency(url: string, headers: Record<string, string>, requests: number): Promise<{ p50: number; p95: number }> {
  const once = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
    return performance.now() - started;
  };
  for (let i = 0; i < 3; i++) await once(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < requests; i++) samples.push(await once());
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

/** Raw node:http as its own process (bench/raw-server.ts), answering each path with the bytes the API gave. */
async function startRawServer(bodies: Map<string, Buffer>): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./raw-server.ts', import.meta.url))], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  child.stdin.end(JSON.stringify(Object.fromEntries([...bodies].map(([path, body]) => [path, body.toString('base64')]))));
  const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
  return { url: `http://127.0.0.1:${Number(line)}`, stop: () => child.kill('SIGTERM') };
}

const stack = await startProductionStack({
  worker: false,
  elasticsearch: !READS_ONLY,
  env: {
    RATE_LIMIT_INTERACTIVE_PER_HOUR: '100000000',
    RATE_LIMIT_API_KEY_PER_HOUR: '100000000',
    // e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile the API under load.
    ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
  },
});
let stopRaw = () => undefined as void;
try {
  const { baseUrl } = stack;
  const rows: Array<{ measured: Measured; raw: Measured }> = [];
  let scheduleId = '';
  let yearRender = { p50: 0, p95: 0 };
  if (!ANALYTICS_ONLY) {
    const owner = await registerOwner(baseUrl, 'bench-api');
    const key = await call<{ data: { api_key: string } }>(baseUrl, 'POST', '/api/v1/api-keys', {
      token: owner.token,
      body: { name: 'bench', permissions: ['incidents:read', 'incidents:update'] },
      expect: 201,
    });
    // A realistic detail: an incident among 50, with a few status and assignee changes on its timeline.
    let incidentId = '';
    for (let i = 0; i < (ONCALL_ONLY ? 0 : 50); i++) {
      const created = await call<{ data: { id: string } }>(baseUrl, 'POST', '/api/v1/incidents', {
        token: owner.token,
        body: {
          title: `Disk pressure on db-${i}`,
          description: `Volume /var/lib/postgresql at ${80 + (i % 20)}% on db-${i}`,
          severity: 'high',
          tags: ['storage'],
        },
        expect: 201,
      });
      incidentId = created.data.id;
    }
    for (const status of ONCALL_ONLY ? [] : ['investigating', 'mitigated', 'investigating']) {
      await call(baseUrl, 'PATCH', `/api/v1/incidents/${incidentId}`, { token: owner.token, body: { status } });
    }

    // On call: 100 schedules of three layers (a weekly rotation, a daily one in business hours, a
    // weekend one) and two overrides each, in zones with and without daylight saving.
    const zones = ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe'];
    const layerStart = new Date(Date.now() - 90 * 86_400_000).toISOString();
    for (let i = 0; i < (READS_ONLY ? 0 : 100); i++) {
      const schedule = await call<{ data: { id: string } }>(baseUrl, 'POST', '/api/v1/schedules', {
        token: owner.token,
        body: {
          name: `Service ${String(i).padStart(3, '0')} primary`,
          time_zone: zones[i % zones.length],
          layers: [
            { users: [owner.userId, owner.userId], rotation: 'weekly', handoff_day: 'monday', start: layerStart },
            {
              users: [owner.userId],
              rotation: 'daily',
              start: layerStart,
              restrictions: [{ days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], start: '09:00', end: '17:00' }],
            },
            {
              users: [owner.userId],
              rotation: 'custom',
              turn_hours: 12,
              start: layerStart,
              restrictions: [{ days: ['saturday', 'sunday'], start: '00:00', end: '00:00' }],
            },
          ],
        },
        expect: 201,
      });
      scheduleId ||= schedule.data.id;
      for (const hoursAhead of [-2, 30]) {
        const start = Date.now() + hoursAhead * 3_600_000;
        await call(baseUrl, 'POST', `/api/v1/schedules/${schedule.data.id}/overrides`, {
          token: owner.token,
          body: { user_id: owner.userId, start: new Date(start).toISOString(), end: new Date(start + 4 * 3_600_000).toISOString() },
          expect: 201,
        });
      }
    }

    const jwt = { authorization: `Bearer ${owner.token}` };
    const apiKey = { 'x-api-key': key.data.api_key };
    const paths = {
      ...(READS_ONLY ? {} : { oncall: '/api/v1/oncall' }),
      ...(ONCALL_ONLY ? {} : { me: '/api/v1/auth/me', list: '/api/v1/incidents?limit=25', detail: `/api/v1/incidents/${incidentId}` }),
    };
    const bodies = new Map<string, Buffer>([['/healthz', Buffer.from(await (await fetch(`${baseUrl}/healthz`)).arrayBuffer())]]);
    for (const path of Object.values(paths)) {
      const response = await fetch(`${baseUrl}${path}`, { headers: jwt });
      if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
      bodies.set(path, Buffer.from(await response.arrayBuffer()));
    }
    const raw = await startRawServer(bodies);
    stopRaw = raw.stop;

    const pair = async (name: string, path: string, headers: Record<string, string> = {}) => {
      const rawRun = await measure(`raw node:http ${path}`, `${raw.url}${path}`);
      rows.push({ measured: await measure(name, `${baseUrl}${path}`, headers), raw: rawRun });
    };
    if (paths.me && paths.list && paths.detail) {
      await pair('GET /healthz', '/healthz');
      await pair('GET /auth/me (JWT)', paths.me, jwt);
      await pair('GET /auth/me (X-API-Key)', paths.me, apiKey);
      if (!READS_ONLY) {
        await pair('GET /incidents?limit=25 (JWT)', paths.list, jwt);
        await pair('GET /incidents?limit=25 (X-API-Key)', paths.list, apiKey);
      }
      await pair('GET /incidents/{id} (JWT)', paths.detail, jwt);
      await pair('GET /incidents/{id} (X-API-Key)', paths.detail, apiKey);
    }
    if (paths.oncall) await pair('GET /oncall, 100 schedules (JWT)', paths.oncall, jwt);
    const yearFrom = new Date();
    const yearTo = new Date(yearFrom.getTime() + 365 * 86_400_000);
    if (!READS_ONLY)
      yearRender = await measureLatency(
        `${baseUrl}/api/v1/schedules/${scheduleId}/shifts?from=${yearFrom.toISOString()}&to=${yearTo.toISOString()}`,
        jwt,
        ANALYTICS_REQUESTS,
      );
  }

  const analyticsRows: Array<{ name: string; p50: number; p95: number }> = [];
  let seedSeconds = 0;
  if (!ONCALL_ONLY && !READS_ONLY) {
    const analyticsOwner = await registerOwner(baseUrl, 'bench-analytics');
    const seedStarted = performance.now();
    await seedAnalyticsHistory(stack.databaseUrl, analyticsOwner.organizationId, analyticsOwner.userId, ANALYTICS_INCIDENTS);
    seedSeconds = (performance.now() - seedStarted) / 1000;
    await call(baseUrl, 'PATCH', '/api/v1/organization-settings', { token: analyticsOwner.token, body: { timezone: 'Europe/Paris' } });
    const analyticsQueries = [
      ['last 30 days (default), daily', ''],
      ['90 days, daily, group_by=severity', `?from=${new Date(Date.now() - 90 * 86_400_000).toISOString()}&group_by=severity`],
      [
        '90 days, weekly, group_by=assignee',
        `?from=${new Date(Date.now() - 90 * 86_400_000).toISOString()}&interval=week&group_by=assignee`,
      ],
      [
        '365 days, monthly, severity=critical',
        `?from=${new Date(Date.now() - 365 * 86_400_000).toISOString()}&interval=month&severity=critical`,
      ],
    ] as const;
    for (const [name, query] of analyticsQueries) {
      analyticsRows.push({
        name,
        ...(await measureLatency(
          `${baseUrl}/api/v1/analytics${query}`,
          { authorization: `Bearer ${analyticsOwner.token}` },
          ANALYTICS_REQUESTS,
        )),
      });
    }
  }

  const fmt = (n: number, digits = 0) => n.toFixed(digits);
  const lines = [
    ...(ANALYTICS_ONLY
      ? []
      : [
          '',
          `api benchmark: autocannon, ${CONNECTIONS} connections, ${SECONDS} s per row, API as its own process (production shape)`,
          '| request | req/s | p50 ms | p99 ms | raw node:http req/s (same bytes) | ratio | errors |',
          '|---|---|---|---|---|---|---|',
          ...rows.map(
            ({ measured, raw: base }) =>
              `| ${measured.name} | ${fmt(measured.requestsPerSecond)} | ${fmt(measured.p50)} | ${fmt(measured.p99)} | ${fmt(base.requestsPerSecond)} | ${fmt(measured.requestsPerSecond / base.requestsPerSecond, 2)} | ${measured.errors} |`,
          ),
          '',
          'targets: GET /incidents/{id} and GET /auth/me (JWT) ratio >= 0.25, p99 < 50 ms; GET /oncall p99 < 50 ms',
          ...(READS_ONLY
            ? []
            : [
                '',
                `GET /schedules/{id}/shifts over a year (three layers, JWT), ${ANALYTICS_REQUESTS} sequential requests: p50 ${fmt(yearRender.p50, 1)} ms, p95 ${fmt(yearRender.p95, 1)} ms`,
              ]),
        ]),
    ...(ONCALL_ONLY || READS_ONLY
      ? ['']
      : [
          '',
          `GET /analytics: ${ANALYTICS_INCIDENTS} incidents over 90 days with timelines and ${2 * ANALYTICS_INCIDENTS} alerts (seeded in ${fmt(seedSeconds, 1)} s), ${ANALYTICS_REQUESTS} sequential requests each, JWT`,
          '| request | p50 ms | p95 ms |',
          '|---|---|---|',
          ...analyticsRows.map((row) => `| GET /analytics ${row.name} | ${fmt(row.p50, 1)} | ${fmt(row.p95, 1)} |`),
          '',
          'target: GET /analytics < 200 ms at 100k incidents',
          '',
        ]),
  ];
  process.stdout.write(lines.join('\n'));
} finally {
  stopRaw();
  await stack.stop();
}
