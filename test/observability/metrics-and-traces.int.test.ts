import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { io as connect } from 'socket.io-client';
import supertest from 'supertest';
import { freePort } from '../../shared/net/free-port.ts';
import { startManagedProcess, type ManagedProcess } from '../../dev/managed-process.ts';
import { waitFor } from '../../dev/wait-for.ts';
import { startReceiver } from '../helpers/receiver.ts';
import { registerOwner } from '../helpers/stack.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import { TEST_ENV } from '../helpers/test-services.ts';
import { alertmanagerBody, createIntegration, postSigned } from '../helpers/webhooks.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const METRICS_TOKEN = 'metrics-token-0123456789';
const WEBHOOK_ROUTE = '/api/v1/webhooks/:platform/:integration_id';

/** The value of one sample (`name{labels} value`), 0 when the series does not exist yet. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = line.slice(name.length).split('} ')[0] ?? '';
    if (Object.entries(labels).every(([key, value]) => labelText.includes(`${key}="${value}"`)))
      return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

interface ExportedSpan {
  service: string;
  traceId: string;
  name: string;
}

/** Spans out of OTLP/HTTP JSON bodies (trace ids are hex in the JSON encoding). */
function spansOf(bodies: string[]): ExportedSpan[] {
  type Attribute = { key: string; value: { stringValue?: string } };
  type Body = {
    resourceSpans?: Array<{
      resource?: { attributes?: Attribute[] };
      scopeSpans?: Array<{ spans?: Array<{ traceId: string; name: string }> }>;
    }>;
  };
  return bodies.flatMap((body) =>
    ((JSON.parse(body) as Body).resourceSpans ?? []).flatMap((resourceSpan) => {
      const service = resourceSpan.resource?.attributes?.find((attribute) => attribute.key === 'service.name')?.value.stringValue ?? '';
      return (resourceSpan.scopeSpans ?? []).flatMap((scope) =>
        (scope.spans ?? []).map((span) => ({ service, traceId: span.traceId, name: span.name })),
      );
    }),
  );
}

/** What the collector holds, for a failure's message: each service's span names with their counts. */
function spanSummary(spans: ExportedSpan[]): string {
  const counts = new Map<string, number>();
  for (const { service, name } of spans) {
    const key = `${service} ${name}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([name, count]) => `${name} ×${count}`).join(', ') || 'none';
}

describe('metrics and traces (integration: `node api/main.ts` and `node worker/main.ts` as an operator runs them, real PostgreSQL and Temporal)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let collector: Awaited<ReturnType<typeof startReceiver>>;
  const processes: ManagedProcess[] = [];
  const output: string[] = [];
  let apiUrl: string;
  let workerUrl: string;

  const start = (name: string, script: string, env: Record<string, string>) => {
    const child = startManagedProcess(name, process.execPath, [`${ROOT}${script}`], {
      cwd: ROOT,
      env: { ...process.env, NODE_OPTIONS: '', ...env },
      onOutput: (line) => output.push(`[${name}] ${line}`),
    });
    processes.push(child);
    return child;
  };
  const withOutput = (error: unknown) => {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\noutput:\n${output.slice(-40).join('\n')}`);
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    collector = await startReceiver();
    const [apiPort, workerPort] = [await freePort(), await freePort()];
    apiUrl = `http://127.0.0.1:${apiPort}`;
    workerUrl = `http://127.0.0.1:${workerPort}`;
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      TEMPORAL_ADDRESS: process.env[TEST_ENV.temporalAddress] as string,
      TEMPORAL_TASK_QUEUE: `test-${randomUUID()}`,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      // Search on PostgreSQL with an embedder only called when something is indexed.
      ELASTICSEARCH_URL: '',
      EMBEDDINGS_URL: 'http://127.0.0.1:9/v1',
    };
    const worker = start('worker', 'worker/main.ts', { ...env, WORKER_HEALTH_PORT: String(workerPort) });
    const api = start('api', 'api/main.ts', { ...env, PORT: String(apiPort), METRICS_TOKEN });
    await Promise.all([
      waitFor('the worker', async () => ((await fetch(`${workerUrl}/readyz`)).ok ? true : undefined), {
        timeoutMs: 120_000,
        isAlive: () => worker.isAlive(),
      }),
      waitFor('the API', async () => ((await fetch(`${apiUrl}/readyz`)).ok ? true : undefined), {
        timeoutMs: 120_000,
        isAlive: () => api.isAlive(),
      }),
    ]).catch(withOutput);
  });
  afterAll(async () => {
    for (const child of processes) await child.stop(10_000);
    await collector?.close();
    await database?.drop();
  });

  const scrapeApi = async () => {
    const response = await fetch(`${apiUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(response.status).toBe(200);
    return response.text();
  };
  const scrapeWorker = async () => (await fetch(`${workerUrl}/metrics`)).text();

  it("counts a signed webhook on the API, the incident it makes on the worker, and traces it from the API into the worker's activities", async () => {
    expect((await fetch(`${apiUrl}/metrics`)).status).toBe(401);
    expect((await fetch(`${apiUrl}/metrics`, { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status).toBe(401);

    const http = supertest(apiUrl);
    const owner = await registerOwner(http, 'observability');
    const integration = await createIntegration(http, owner.token, 'metrics_alerts');
    const before = await scrapeApi();
    const workerBefore = await scrapeWorker();

    const accepted = await postSigned(http, 'metrics_alerts', integration, alertmanagerBody(`fp-${randomUUID()}`, 'firing'));
    expect(accepted.status).toBe(200);
    const unsigned = await http
      .post(`/api/v1/webhooks/metrics_alerts/${integration.id}`)
      .set('Content-Type', 'application/json')
      .send('{}');
    expect(unsigned.status).toBe(401);

    const after = await scrapeApi();
    expect(sample(after, 'tocsin_alerts_received_total', { platform: 'metrics_alerts', outcome: 'queued' })).toBe(
      sample(before, 'tocsin_alerts_received_total', { platform: 'metrics_alerts', outcome: 'queued' }) + 1,
    );
    expect(sample(after, 'tocsin_alerts_received_total', { platform: 'metrics_alerts', outcome: 'webhook_validation_failed' })).toBe(1);
    const webhookCount = (text: string, status: string) =>
      sample(text, 'tocsin_http_request_duration_seconds_count', { route: WEBHOOK_ROUTE, method: 'POST', status });
    expect(webhookCount(after, '200')).toBe(webhookCount(before, '200') + 1);
    expect(webhookCount(after, '401')).toBe(1);
    // Labelled by template: no series names an integration id.
    expect(after).not.toContain(integration.id);
    expect(after).toContain('tocsin_websocket_connections 0');
    // Counted when a Temporal call is retried (none here): registered, so a dashboard finds it.
    expect(after).toContain('# TYPE tocsin_temporal_call_retries_total counter');

    const socket = connect(apiUrl, { path: '/api/v1/ws', auth: { token: owner.token }, transports: ['websocket'] });
    try {
      await waitFor(
        'the WebSocket client to be counted',
        async () => (sample(await scrapeApi(), 'tocsin_websocket_connections') === 1 ? true : undefined),
        { timeoutMs: 10_000 },
      );
    } finally {
      socket.disconnect();
    }

    // The worker opens the incident; its domain event goes through the outbox relay.
    await waitFor(
      'the incident',
      async () => {
        const list = await http.get('/api/v1/incidents').set('Authorization', `Bearer ${owner.token}`);
        return list.body.meta?.total === 1 ? true : undefined;
      },
      { timeoutMs: 60_000 },
    ).catch(withOutput);
    await waitFor(
      'the open incident to be counted',
      async () => (sample(await scrapeApi(), 'tocsin_incidents_open', { severity: 'critical' }) === 1 ? true : undefined),
      { timeoutMs: 30_000 },
    );
    const workerAfter = await waitFor(
      "the relay to count the incident's event",
      async () => {
        const text = await scrapeWorker();
        return sample(text, 'tocsin_outbox_relay_events_total') > sample(workerBefore, 'tocsin_outbox_relay_events_total')
          ? text
          : undefined;
      },
      { timeoutMs: 30_000 },
    );
    expect(workerAfter).toContain('\ntocsin_worker_ready 1\n');
    expect(workerAfter).toContain('# TYPE tocsin_temporal_call_retries_total counter');
    expect(workerAfter).toMatch(/\ntocsin_outbox_lag_seconds \d/);
    // The Temporal SDK's own worker series, merged in from its core's endpoint.
    expect(workerAfter).toMatch(/\ntemporal_\w+/);
    expect(workerAfter).toContain('temporal_worker_task_slots_available');

    // One trace: the API's request span, and the worker's workflow and activity spans under it. Both
    // webhook requests (signed and unsigned) make a span of that name, in whichever order the API's
    // exports arrive: the signed one's trace is the one the worker joins.
    let received: ExportedSpan[] = [];
    const trace = await waitFor(
      "a trace spanning the API and the worker's activities",
      async () => {
        received = spansOf(collector.requests.filter((request) => request.url === '/v1/traces').map((request) => request.body));
        const traces = received
          .filter((span) => span.service === 'tocsin-api' && span.name === `POST ${WEBHOOK_ROUTE}`)
          .map((request) => received.filter((span) => span.traceId === request.traceId));
        return traces.find((inTrace) => inTrace.some((span) => span.service === 'tocsin-worker' && span.name.startsWith('RunActivity')));
      },
      { timeoutMs: 30_000 },
    ).catch((error: unknown) =>
      withOutput(`${error instanceof Error ? error.message : String(error)}; spans received: ${spanSummary(received)}`),
    );
    expect(trace.map((span) => span.service)).toEqual(expect.arrayContaining(['tocsin-api', 'tocsin-worker']));
    expect(trace.some((span) => span.service === 'tocsin-api' && span.name.startsWith('SignalWithStartWorkflow'))).toBe(true);
  });
});
