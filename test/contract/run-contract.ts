// `npm run test:contract`: the API's contract, checked by Schemathesis against what the API really
// answers. Starts the production shape (PostgreSQL, Temporal, `node api/main.ts`, `node worker/main.ts`;
// servers given in DATABASE_URL, TEMPORAL_ADDRESS, ELASTICSEARCH_URL are used instead, each run in
// a database and task queue of its own), registers an owner with a few fixtures, then runs every
// Schemathesis check and phase over /openapi.json, generically: routes added later are covered
// without touching this file. Arguments after `--` go to `st run` (e.g. `-- --max-examples 5`).
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../../shared/net/free-port.ts';
import { startManagedProcess, type ManagedProcess } from '../../dev/managed-process.ts';
import { startEmbeddedPostgres } from '../../dev/postgres.ts';
import { resolveTemporalCli, startTemporalDevServer } from '../../dev/temporal.ts';
import { toolCacheDir } from '../../shared/load-config.ts';
import { waitFor } from '../../dev/wait-for.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const say = (message: string) => process.stderr.write(`[contract] ${message}\n`);

/**
 * Operations that would destroy the run's own credential halfway through, leaving every later case
 * a 401: logging out (this session, every session) and changing the password (which revokes every
 * session). Nothing else is excluded.
 */
const CREDENTIAL_DESTROYING_OPERATIONS = ['logout', 'logoutAll', 'changePassword'];

/**
 * Run size. Each operation gets up to MAX_EXAMPLES generated cases in the fuzzing phase (the
 * coverage phase adds its own, walking every schema boundary deterministically, and most of the
 * run's cases), and the stateful phase as many scenarios. With 25 and two workers, 67 operations
 * gave about 7,200 cases in 3 to 4 minutes on two cores shared with other jobs (7 minutes with the
 * load at 14): within CI's 8-minute budget with room for new routes, while more random examples
 * mostly repeat what coverage already sent. Two workers, not more: the API, the worker,
 * PostgreSQL and Temporal share the same cores.
 */
const MAX_EXAMPLES = process.env.CONTRACT_MAX_EXAMPLES ?? '25';
const WORKERS = process.env.CONTRACT_WORKERS ?? '2';

const stops: Array<() => Promise<void>> = [];
async function stopAll(): Promise<void> {
  for (const stop of stops.reverse()) await stop().catch((error: unknown) => say(`stop failed: ${String(error)}`));
  stops.length = 0;
}

/** A fresh database: in the configured server (dropped afterwards), else in an embedded one. */
async function startDatabase(root: string): Promise<string> {
  if (process.env.DATABASE_URL) {
    const admin = new URL(process.env.DATABASE_URL);
    admin.pathname = '/postgres';
    const name = `contract_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const run = async (sql: string) => {
      const client = new pg.Client({ connectionString: admin.toString() });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    };
    await run(`create database "${name}"`);
    stops.push(() => run(`drop database if exists "${name}" with (force)`));
    const url = new URL(admin);
    url.pathname = `/${name}`;
    return url.toString();
  }
  say('starting embedded PostgreSQL');
  const postgres = await startEmbeddedPostgres({ dataDir: join(root, 'postgres'), log: say });
  stops.push(() => postgres.stop());
  return postgres.createDatabase('contract');
}

async function startTemporal(root: string): Promise<string> {
  if (process.env.TEMPORAL_ADDRESS) return process.env.TEMPORAL_ADDRESS;
  const cliPath = await resolveTemporalCli({ explicitPath: process.env.TEMPORAL_CLI_PATH, cacheDir: toolCacheDir(), log: say });
  say('starting the Temporal dev server');
  const temporal = await startTemporalDevServer({ cliPath, dataDir: join(root, 'temporal'), namespace: 'default', uiPort: null, log: say });
  stops.push(() => temporal.stop());
  return temporal.address;
}

/** The API's and the worker's output: kept out of the report, in a file named at the end. */
const PROCESS_LOG = join(tmpdir(), `tocsin-contract-${new Date().toISOString().replaceAll(':', '-')}.log`);

function startNode(name: string, script: string, env: NodeJS.ProcessEnv): ManagedProcess {
  const child = startManagedProcess(name, process.execPath, [join(ROOT, script)], {
    env,
    cwd: ROOT,
    // Warnings and errors (LOG_LEVEL=warn): a 5xx the run provokes is logged with its cause.
    onOutput: (line) => appendFileSync(PROCESS_LOG, `[${name}] ${line}\n`),
  });
  stops.push(() => child.stop(15_000));
  return child;
}

async function ready(url: string, child: ManagedProcess): Promise<void> {
  await waitFor(`${url}`, async () => {
    const response = await fetch(url, { signal: AbortSignal.timeout(2500) }).catch(() => undefined);
    await response?.body?.cancel();
    return response?.status === 200 ? true : undefined;
  }, { timeoutMs: 180_000, intervalMs: 250, isAlive: () => child.isAlive() });
}

async function call(baseUrl: string, method: string, path: string, body: unknown, token?: string): Promise<{ data?: { id?: string } } & Record<string, unknown>> {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { data?: { id?: string } } & Record<string, unknown>;
  if (!response.ok) throw new Error(`fixture ${method} ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

/** An owner and one of each main resource, so the stateful phase and path parameters find real ids. */
async function seed(baseUrl: string): Promise<string> {
  const email = `contract-${randomUUID().slice(0, 8)}@example.com`;
  const password = randomBytes(18).toString('base64url');
  await call(baseUrl, 'POST', '/auth/register', { email, password, name: 'Contract Owner', organization_name: 'Contract Suite' });
  const { access_token: token } = (await call(baseUrl, 'POST', '/auth/login', { email, password })) as { access_token: string };
  const incident = await call(baseUrl, 'POST', '/incidents', { title: 'Disk full on db-1', severity: 'high' }, token);
  await call(baseUrl, 'POST', '/procedures', {
    name: 'Free disk space',
    steps: [{ name: 'Rotate logs', type: 'manual' }],
  }, token).then((procedure) => call(baseUrl, 'POST', `/procedures/${procedure.data?.id}/execute`, { incident_id: incident.data?.id }, token));
  await call(baseUrl, 'POST', '/integrations', { name: 'Prometheus', platform: 'metrics_alerts' }, token);
  await call(baseUrl, 'POST', '/api-keys', { name: 'contract', permissions: ['incidents:read'] }, token);
  await call(baseUrl, 'POST', '/knowledge-base', { title: 'Disk full runbook', body: 'Rotate the logs, then grow the volume.' }, token);
  return token;
}

async function main(): Promise<number> {
  const st = execFileSync('bash', [join(ROOT, '.ci/schemathesis.sh')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
  const root = await mkdtemp(join(tmpdir(), 'tocsin-contract-'));
  // PostgreSQL runs as its own system user when we are root.
  await chmod(root, 0o755);
  stops.push(() => rm(root, { recursive: true, force: true }));
  const [databaseUrl, temporalAddress] = await Promise.all([startDatabase(root), startTemporal(root)]);
  const apiPort = await freePort();
  const workerHealthPort = await freePort();
  const baseUrl = `http://127.0.0.1:${apiPort}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_OPTIONS: '',
    // Development mode only because production refuses session cookies over plain HTTP.
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATA_DIR: join(root, 'data'),
    DATABASE_URL: databaseUrl,
    TEMPORAL_ADDRESS: temporalAddress,
    TEMPORAL_TASK_QUEUE: `contract-${randomUUID()}`,
    ELASTICSEARCH_URL: process.env.ELASTICSEARCH_URL ?? '',
    SEARCH_INDEX_PREFIX: `contract-${randomUUID().slice(0, 8)}`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    HOST: '127.0.0.1',
    PORT: String(apiPort),
    PUBLIC_URL: baseUrl,
    WORKER_HEALTH_PORT: String(workerHealthPort),
    // Thousands of requests from one user and one IP: the suite checks answers, not the plan's numbers.
    RATE_LIMIT_INTERACTIVE_PER_HOUR: '100000000',
    RATE_LIMIT_API_KEY_PER_HOUR: '100000000',
    RATE_LIMIT_WEBHOOK_PER_HOUR: '100000000',
    RATE_LIMIT_SEARCH_PER_HOUR: '100000000',
    RATE_LIMIT_WEBHOOK_AUTH_FAILURES_PER_HOUR: '100000000',
    // And the plan's quotas: the fuzzer creates many integrations (402 PLAN_LIMIT_REACHED is documented).
    PLAN_INTEGRATIONS_LIMIT: '100000000',
    PLAN_MEMBERS_LIMIT: '100000000',
    // Likewise the lockout: the fuzzer logs in to made-up accounts over and over.
    LOGIN_MAX_FAILURES: '100000000',
  };
  // The API migrates the database before it listens; the worker starts once that is done.
  const api = startNode('api', 'api/main.ts', env);
  await ready(`${baseUrl}/readyz`, api);
  const worker = startNode('worker', 'worker/main.ts', env);
  await ready(`http://127.0.0.1:${workerHealthPort}/readyz`, worker);
  const token = await seed(baseUrl);
  say(`stack ready at ${baseUrl}; running Schemathesis (${st})`);

  const args = [
    'run', `${baseUrl}/openapi.json`,
    '--checks', 'all',
    '--phases', 'examples,coverage,fuzzing,stateful',
    '--max-examples', MAX_EXAMPLES,
    '--workers', WORKERS,
    // Above the API's own longest bounded wait (a runbook update: 30 s, then 503), so what is
    // checked is the API's answer, not a client giving up on a busy machine.
    '--request-timeout', '45',
    // The response-time check's limit (10 s by default) at the same bound: two shared cores run the
    // API, the worker, PostgreSQL, Temporal and the fuzzer at once, and a slow answer is not a
    // contract violation unless it outlasts what the API itself promises to wait.
    '--max-response-time', '30',
    // A generator health check, not a contract check: date-time fields carry both `format` and
    // zod's exact pattern, so Hypothesis draws by format and filters by pattern, which in a batch
    // of up to 1000 log entries trips `filter_too_much`. Generation goes on; every check still runs.
    '--suppress-health-check', 'filter_too_much',
    '-H', `Authorization: Bearer ${token}`,
    ...CREDENTIAL_DESTROYING_OPERATIONS.flatMap((operationId) => ['--exclude-operation-id', operationId]),
    ...(process.env.CONTRACT_SEED ? ['--seed', process.env.CONTRACT_SEED] : []),
    ...process.argv.slice(2),
  ];
  // Run in the scratch directory: Schemathesis keeps its example database in the working directory.
  const fuzzer = spawn(st, args, { stdio: 'inherit', cwd: root, env: { ...process.env, SCHEMATHESIS_HOOKS: '' } });
  const [code] = await new Promise<[number | null]>((resolve) => fuzzer.once('exit', (exitCode) => resolve([exitCode])));
  say(`API and worker output: ${PROCESS_LOG}`);
  return code ?? 1;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void stopAll().finally(() => process.exit(130)));
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  say(error instanceof Error ? error.stack ?? error.message : String(error));
} finally {
  await stopAll();
}
process.exit(exitCode);
