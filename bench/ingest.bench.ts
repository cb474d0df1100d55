// `npm run bench:ingest`: offered load against the real stack (embedded PostgreSQL, Temporal dev
// server, in-process worker, the API on a loopback port). Prints accepted alerts per second and
// webhook-to-incident latency. A figure to track, not a gate.
import { createHmac, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { registerOwner, startTestStack } from '../test/helpers/stack.ts';
import { startTestServices } from '../test/helpers/test-services.ts';
import { percentile } from './percentile.ts';

const RATE_PER_SECOND = Number(process.env.BENCH_RATE ?? 25);
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);


process.env.ELASTICSEARCH_URL ??= 'http://127.0.0.1:1'; // search is not part of this benchmark
const stopServices = await startTestServices(() => undefined);
const stack = await startTestStack({ worker: true, env: { RATE_LIMIT_WEBHOOK_PER_HOUR: '1000000', RATE_LIMIT_INTERACTIVE_PER_HOUR: '1000000' } });
const server = createServer(stack.app.callback()).listen(0, '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

try {
  const owner = await registerOwner(stack.http, 'bench');
  const secret = 'bench-secret-0123456789abcdef';
  const created = await stack.http.post('/api/v1/integrations').set('Authorization', `Bearer ${owner.token}`).send({ name: 'bench', platform: 'metrics_alerts', secret }).expect(201);
  const url = `${base}/api/v1/webhooks/metrics_alerts/${created.body.data.id}`;

  const sentAt = new Map<string, number>();
  const acceptLatency: number[] = [];
  let accepted = 0;
  let rejected = 0;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  const total = RATE_PER_SECOND * DURATION_SECONDS;
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / RATE_PER_SECOND;
    const wait = due - performance.now();
    if (wait > 0) await delay(wait);
    const fingerprint = `bench${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const body = JSON.stringify({ version: '4', status: 'firing', alerts: [{ status: 'firing', labels: { alertname: 'Bench', severity: 'warning' }, annotations: { summary: `bench ${i}` }, fingerprint }] });
    const signature = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
    const t0 = performance.now();
    sentAt.set(fingerprint, Date.now());
    inFlight.push(
      fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-metrics-alerts-signature': signature } }).then((response) => {
        acceptLatency.push(performance.now() - t0);
        if (response.status === 200) accepted += 1;
        else rejected += 1;
      }),
    );
  }
  await Promise.all(inFlight);
  const sendSeconds = (performance.now() - started) / 1000;

  // Webhook-to-incident: incident created_at minus the send time, once every incident exists.
  const client = new pg.Client({ connectionString: stack.databaseUrl });
  await client.connect();
  const deadline = Date.now() + 300_000;
  let rows: Array<{ fingerprint: string; created_at: Date }> = [];
  while (Date.now() < deadline) {
    rows = (await client.query('select fingerprint, created_at from incidents where organization_id = $1', [owner.organization.id])).rows;
    if (rows.length >= accepted) break;
    await delay(200);
  }
  await client.end();
  const toIncident = rows.map((row) => row.created_at.getTime() - (sentAt.get(row.fingerprint) ?? NaN)).filter(Number.isFinite);

  const fmt = (n: number) => n.toFixed(1);
  process.stdout.write(
    [
      '',
      `ingest benchmark: ${total} alerts offered at ${RATE_PER_SECOND}/s for ${DURATION_SECONDS}s (metrics_alerts, one new incident each)`,
      `  accepted                 ${accepted} (${rejected} rejected), ${fmt(accepted / sendSeconds)} alerts/s (${fmt((accepted / sendSeconds / RATE_PER_SECOND) * 100)}% of offered)`,
      `  webhook accept latency   p50 ${fmt(percentile(acceptLatency, 50))} ms, p99 ${fmt(percentile(acceptLatency, 99))} ms`,
      `  webhook → incident       p50 ${fmt(percentile(toIncident, 50))} ms, p99 ${fmt(percentile(toIncident, 99))} ms (${toIncident.length} incidents)`,
      `  ratio p99/p50 (to incident) ${fmt(percentile(toIncident, 99) / percentile(toIncident, 50))}`,
      '',
    ].join('\n'),
  );
} finally {
  server.close();
  await stack.stop();
  await stopServices();
}
