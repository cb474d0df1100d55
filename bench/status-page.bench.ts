// `npm run bench:status-page`: the public status page under load (autocannon, 20 connections, no
// login) against the production shape (the API as its own process on a fresh database), next to raw
// node:http serving the very same bytes. The page has 50 components and 90 days of history: one
// incident a day with three public updates (and an internal one), three still open, maintenance
// ahead. Prints req/s, p50, p99 and the ratio to raw node:http. A figure to track, not a gate.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { call, registerOwner, startProductionStack } from './production-stack.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const COMPONENTS = 50;
const HISTORY_DAYS = 90;

interface Measured {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(name: string, url: string, headers: Record<string, string> = {}, expectStatus = 200): Promise<Measured> {
  const run = (duration: number) => autocannon({ url, connections: CONNECTIONS, duration, headers, pipelining: 1 });
  await run(1); // warm-up: JIT, connection pools, caches
  const result = await run(SECONDS);
  const unexpected =
    expectStatus === 200 ? result.non2xx : result.requests.total - (result.statusCodeStats?.[`${expectStatus}`]?.count ?? 0);
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + unexpected,
  };
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

/** 90 days of incidents, one a day, each with three public updates and an internal one; the last three still open. */
async function seedHistory(databaseUrl: string, organizationId: string, integrationIds: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into incidents (id, organization_id, title, status, severity, source, integration_id, created_at, updated_at, resolved_at)
       select gen_random_uuid(), $1, 'Seeded incident ' || g, case when g <= 3 then 'investigating' else 'resolved' end,
         (array['critical', 'high', 'medium', 'low'])[1 + g % 4], 'manual', ($2::uuid[])[1 + g % array_length($2::uuid[], 1)],
         now() - g * interval '1 day', now() - g * interval '1 day', case when g > 3 then now() - g * interval '1 day' + interval '2 hours' end
       from generate_series(1, $3::int) as g`,
      [organizationId, integrationIds, HISTORY_DAYS - 1],
    );
    await client.query(
      `insert into status_updates (id, organization_id, incident_id, kind, title, body, visibility, created_at)
       select gen_random_uuid(), i.organization_id, i.id, (array['investigating', 'identified', 'monitoring', 'resolved'])[n],
         case when n = 1 then 'Elevated errors on ' || i.title end,
         'We ' || (array['are investigating', 'identified the cause of', 'deployed a fix for', 'resolved'])[n] || ' elevated error rates. Some requests failed or were slow; no data was lost.',
         case when n = 3 then 'internal' else 'public' end, i.created_at + n * interval '20 minutes'
       from incidents i, generate_series(1, 4) as n where i.organization_id = $1`,
      [organizationId],
    );
    await client.query('vacuum analyze incidents, status_updates');
  } finally {
    await client.end();
  }
}

const stack = await startProductionStack({ worker: false, elasticsearch: false });
let stopRaw = () => undefined as void;
try {
  const { baseUrl } = stack;
  const owner = await registerOwner(baseUrl, 'bench-status');
  const slug = 'bench-status';
  await call(baseUrl, 'PUT', '/api/v1/status-page', {
    token: owner.token,
    body: { slug, title: 'Bench Cloud', enabled: true },
    expect: 200,
  });
  const integrationIds: string[] = [];
  for (let i = 0; i < 10; i++) {
    const created = await call<{ data: { id: string } }>(baseUrl, 'POST', '/api/v1/integrations', {
      token: owner.token,
      body: { name: `Monitoring ${i}`, platform: 'metrics_alerts' },
      expect: 201,
    });
    integrationIds.push(created.data.id);
  }
  for (let i = 0; i < COMPONENTS; i++) {
    await call(baseUrl, 'POST', '/api/v1/status-page/components', {
      token: owner.token,
      body: { name: `Component ${i}`, description: `Service ${i} of the platform`, position: i, integration_ids: [integrationIds[i % 10]] },
      expect: 201,
    });
  }
  await call(baseUrl, 'POST', '/api/v1/maintenance-windows', {
    token: owner.token,
    body: {
      description: 'Database upgrade',
      integration_ids: [integrationIds[0]],
      starts_at: new Date(Date.now() + 86_400_000).toISOString(),
      ends_at: new Date(Date.now() + 90_000_000).toISOString(),
    },
    expect: 201,
  });
  await seedHistory(stack.databaseUrl, owner.organizationId, integrationIds);

  const paths = { html: `/status/${slug}`, json: `/status/${slug}/summary.json`, atom: `/status/${slug}/feed.atom` };
  const bodies = new Map<string, Buffer>();
  let etag = '';
  for (const path of Object.values(paths)) {
    const response = await fetch(`${baseUrl}${path}`);
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
    bodies.set(path, Buffer.from(await response.arrayBuffer()));
    if (path === paths.html) etag = response.headers.get('etag') ?? '';
  }
  const raw = await startRawServer(bodies);
  stopRaw = raw.stop;

  const rows: Array<{ measured: Measured; raw: Measured; bytes: number }> = [];
  for (const [name, path] of [
    ['GET /status/{slug} (HTML)', paths.html],
    ['GET /status/{slug}/summary.json', paths.json],
    ['GET /status/{slug}/feed.atom', paths.atom],
  ] as const) {
    const rawRun = await measure(`raw ${path}`, `${raw.url}${path}`);
    rows.push({ measured: await measure(name, `${baseUrl}${path}`), raw: rawRun, bytes: bodies.get(path)?.length ?? 0 });
  }
  const revalidated = await measure('GET /status/{slug} If-None-Match → 304', `${baseUrl}${paths.html}`, { 'if-none-match': etag }, 304);

  const fmt = (n: number, digits = 0) => n.toFixed(digits);
  console.log(
    [
      '',
      `status page benchmark: autocannon, ${CONNECTIONS} connections, ${SECONDS} s per row, API as its own process (production shape); ${COMPONENTS} components, ${HISTORY_DAYS} days of history (${HISTORY_DAYS - 1} incidents, 3 public updates each)`,
      '| request | bytes | req/s | p50 ms | p99 ms | raw node:http req/s (same bytes) | ratio | errors |',
      '|---|---|---|---|---|---|---|---|',
      ...rows.map(
        ({ measured, raw: base, bytes }) =>
          `| ${measured.name} | ${bytes} | ${fmt(measured.requestsPerSecond)} | ${fmt(measured.p50)} | ${fmt(measured.p99)} | ${fmt(base.requestsPerSecond)} | ${fmt(measured.requestsPerSecond / base.requestsPerSecond, 2)} | ${measured.errors} |`,
      ),
      `| ${revalidated.name} | 0 | ${fmt(revalidated.requestsPerSecond)} | ${fmt(revalidated.p50)} | ${fmt(revalidated.p99)} | | | ${revalidated.errors} |`,
      '',
    ].join('\n'),
  );
} finally {
  stopRaw();
  await stack.stop();
}
