import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../shared/net/free-port.ts';
import { startManagedProcess, type ManagedProcess } from '../../dev/managed-process.ts';
import { waitFor } from '../../dev/wait-for.ts';
import { startPrivatePostgres, type PrivatePostgres } from '../helpers/private-postgres.ts';
import { TEST_ENV } from '../helpers/test-services.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface Readiness {
  status: number;
  body: { status: string; checks: Record<string, string> };
}

describe('worker health endpoint (integration: `node worker/main.ts` on a private PostgreSQL the test stops and restarts, real Temporal)', () => {
  let postgres: PrivatePostgres;
  let worker: ManagedProcess;
  let baseUrl: string;
  const output: string[] = [];

  beforeAll(async () => {
    postgres = await startPrivatePostgres('worker_health_test');
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    worker = startManagedProcess('worker', process.execPath, [`${ROOT}worker/main.ts`], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        NODE_ENV: 'test',
        // Info: the SDK's own lines (its worker's state) show in the output.
        LOG_LEVEL: 'info',
        HOST: '127.0.0.1',
        WORKER_HEALTH_PORT: String(port),
        DATABASE_URL: postgres.url,
        TEMPORAL_ADDRESS: process.env[TEST_ENV.temporalAddress],
        TEMPORAL_TASK_QUEUE: `test-${randomUUID()}`,
        ENCRYPTION_KEY: randomBytes(32).toString('hex'),
        // Search on PostgreSQL with an embedder that is only called when something is indexed:
        // this test needs neither Elasticsearch nor the local model.
        ELASTICSEARCH_URL: '',
        EMBEDDINGS_URL: 'http://127.0.0.1:9/v1',
      },
      onOutput: (line) => output.push(line),
    });
  });
  afterAll(async () => {
    await worker?.stop(10_000);
    await postgres?.close();
  });

  const readiness = async (): Promise<Readiness> => {
    const response = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(2500) });
    return { status: response.status, body: (await response.json()) as Readiness['body'] };
  };
  const readinessWhere = (what: string, predicate: (answer: Readiness) => boolean) =>
    waitFor(
      what,
      async () => {
        const answer = await readiness();
        return predicate(answer) ? answer : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 250, isAlive: () => worker.isAlive() },
    ).catch((error: unknown) => {
      throw new Error(`${error instanceof Error ? error.message : String(error)}\nworker output:\n${output.slice(-40).join('\n')}`);
    });

  it('reports the database unavailable while PostgreSQL is down and ready again after it restarts, with the same process', async () => {
    const ready = await readinessWhere('the worker to be ready', (answer) => answer.status === 200);
    expect(ready.body).toEqual({ status: 'ready', checks: { database: 'ok', temporal: 'ok', worker: 'ok', outbox_relay: 'ok' } });
    expect((await fetch(`${baseUrl}/healthz`)).status).toBe(200);
    const metrics = await (await fetch(`${baseUrl}/metrics`)).text();
    expect(metrics).toContain('\ntocsin_worker_check_ok{check="database"} 1\n');
    expect(metrics).toContain('\ntocsin_worker_running 1\n');
    expect(metrics).toContain('\n# TYPE tocsin_worker_temporal_log_entries_total counter\n');

    await postgres.stop();
    const down = await readinessWhere(
      'the worker to report its database unavailable',
      (answer) => answer.body.checks.database === 'unavailable',
    );
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ status: 'unavailable', checks: { database: 'unavailable', temporal: 'ok', worker: 'ok' } });
    // Liveness is not readiness: the process itself is fine and must not be restarted for this.
    expect((await fetch(`${baseUrl}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${baseUrl}/metrics`)).text()).toContain('\ntocsin_worker_check_ok{check="database"} 0\n');

    await postgres.start();
    const back = await readinessWhere('the worker to be ready again', (answer) => answer.status === 200);
    expect(back.body.checks).toEqual({ database: 'ok', temporal: 'ok', worker: 'ok', outbox_relay: 'ok' });
    expect(worker.isAlive()).toBe(true);
  });

  it("writes the Temporal SDK's lines in its own JSON log, with the SDK's component", () => {
    const sdkLines = output.filter((line) => line.includes('Worker state changed'));
    expect(sdkLines.length).toBeGreaterThan(0);
    // A line in the SDK's own console format (`<time> [INFO] Worker state changed { ... }`) does not parse.
    const parsed = sdkLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed.map(({ name, level, sdkComponent }) => ({ name, level, sdkComponent }))).toEqual(
      parsed.map(() => ({ name: 'tocsin-worker', level: 30, sdkComponent: 'worker' })),
    );
    expect(parsed.map((line) => line.state)).toContain('RUNNING');
  });
});
