// `npm run bench:api`: authenticated reads against the production shape (the API as its own
// process on a fresh database), next to raw node:http serving the very same bytes, all in one run.
// Prints req/s, p50, p99 and the ratio to raw node:http. A figure to track, not a gate.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { call, registerOwner, startProductionStack } from './production-stack.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

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

/** Raw node:http as its own process (bench/raw-server.ts), answering each path with the bytes the API gave. */
async function startRawServer(bodies: Map<string, Buffer>): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./raw-server.ts', import.meta.url))], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.end(JSON.stringify(Object.fromEntries([...bodies].map(([path, body]) => [path, body.toString('base64')]))));
  const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
  return { url: `http://127.0.0.1:${Number(line)}`, stop: () => child.kill('SIGTERM') };
}

const stack = await startProductionStack({
  worker: false,
  env: { RATE_LIMIT_INTERACTIVE_PER_HOUR: '100000000', RATE_LIMIT_API_KEY_PER_HOUR: '100000000' },
});
let stopRaw = () => undefined as void;
try {
  const { baseUrl } = stack;
  const owner = await registerOwner(baseUrl, 'bench-api');
  const key = await call<{ data: { api_key: string } }>(baseUrl, 'POST', '/api/v1/api-keys', {
    token: owner.token,
    body: { name: 'bench', permissions: ['incidents:read', 'incidents:update'] },
    expect: 201,
  });
  // A realistic detail: an incident among 50, with a few status and assignee changes on its timeline.
  let incidentId = '';
  for (let i = 0; i < 50; i++) {
    const created = await call<{ data: { id: string } }>(baseUrl, 'POST', '/api/v1/incidents', {
      token: owner.token,
      body: { title: `Disk pressure on db-${i}`, description: `Volume /var/lib/postgresql at ${80 + (i % 20)}% on db-${i}`, severity: 'high', tags: ['storage'] },
      expect: 201,
    });
    incidentId = created.data.id;
  }
  for (const status of ['investigating', 'mitigated', 'investigating']) {
    await call(baseUrl, 'PATCH', `/api/v1/incidents/${incidentId}`, { token: owner.token, body: { status } });
  }

  const jwt = { authorization: `Bearer ${owner.token}` };
  const apiKey = { 'x-api-key': key.data.api_key };
  const paths = { me: '/api/v1/auth/me', list: '/api/v1/incidents?limit=25', detail: `/api/v1/incidents/${incidentId}` };
  const bodies = new Map<string, Buffer>([['/healthz', Buffer.from(await (await fetch(`${baseUrl}/healthz`)).arrayBuffer())]]);
  for (const path of Object.values(paths)) {
    const response = await fetch(`${baseUrl}${path}`, { headers: jwt });
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
    bodies.set(path, Buffer.from(await response.arrayBuffer()));
  }
  const raw = await startRawServer(bodies);
  stopRaw = raw.stop;

  const rows: Array<{ measured: Measured; raw: Measured }> = [];
  const pair = async (name: string, path: string, headers: Record<string, string> = {}) => {
    const rawRun = await measure(`raw node:http ${path}`, `${raw.url}${path}`);
    rows.push({ measured: await measure(name, `${baseUrl}${path}`, headers), raw: rawRun });
  };
  await pair('GET /healthz', '/healthz');
  await pair('GET /auth/me (JWT)', paths.me, jwt);
  await pair('GET /auth/me (X-API-Key)', paths.me, apiKey);
  await pair('GET /incidents?limit=25 (JWT)', paths.list, jwt);
  await pair('GET /incidents?limit=25 (X-API-Key)', paths.list, apiKey);
  await pair('GET /incidents/{id} (JWT)', paths.detail, jwt);
  await pair('GET /incidents/{id} (X-API-Key)', paths.detail, apiKey);

  const fmt = (n: number, digits = 0) => n.toFixed(digits);
  const lines = [
    '',
    `api benchmark: autocannon, ${CONNECTIONS} connections, ${SECONDS} s per row, API as its own process (production shape)`,
    '| request | req/s | p50 ms | p99 ms | raw node:http req/s (same bytes) | ratio | errors |',
    '|---|---|---|---|---|---|---|',
    ...rows.map(({ measured, raw: base }) =>
      `| ${measured.name} | ${fmt(measured.requestsPerSecond)} | ${fmt(measured.p50)} | ${fmt(measured.p99)} | ${fmt(base.requestsPerSecond)} | ${fmt(measured.requestsPerSecond / base.requestsPerSecond, 2)} | ${measured.errors} |`,
    ),
    '',
    'targets: GET /incidents/{id} (JWT) ratio >= 0.25, GET /auth/me (JWT) ratio >= 0.5, p99 < 50 ms',
    '',
  ];
  process.stdout.write(lines.join('\n'));
} finally {
  stopRaw();
  await stack.stop();
}
