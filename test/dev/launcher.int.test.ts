import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { PGVECTOR_VERSION } from '../../dev/pgvector.ts';
import { processAlive } from '../../dev/managed-process.ts';
import { freePort } from '../../shared/net/free-port.ts';
import { waitFor } from '../../dev/wait-for.ts';

/** Every process below `root`, from the process table. */
function descendants(root: number): number[] {
  const table = execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number));
  const found: number[] = [];
  const queue = [root];
  while (queue.length) {
    const parent = queue.shift() as number;
    for (const [pid, ppid] of table) {
      if (ppid === parent) {
        found.push(pid);
        queue.push(pid);
      }
    }
  }
  return found;
}

describe('npm start (integration: the real launcher, embedded PostgreSQL, Temporal dev server)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'tocsin-launcher-'));
    await chmod(dataDir, 0o755);
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves /readyz, /openapi.json, /docs and /redoc, and leaves no process behind on SIGINT and a second signal while stopping', async () => {
    const port = await freePort();
    const env: Record<string, string | undefined> = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      TEMPORAL_UI_PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
    };
    // The launcher must bring up its own servers, not reuse the test run's.
    for (const name of ['DATABASE_URL', 'TEMPORAL_ADDRESS', 'ELASTICSEARCH_URL', 'JWT_SECRET', 'ENCRYPTION_KEY', 'NODE_OPTIONS'])
      delete env[name];
    const launcher = spawn(process.execPath, ['dev/start.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    launcher.stdout.on('data', (chunk) => (output += chunk));
    launcher.stderr.on('data', (chunk) => (output += chunk));
    const exited = once(launcher, 'exit');
    const base = `http://127.0.0.1:${port}`;
    try {
      await waitFor('the launched API', async () => ((await fetch(`${base}/readyz`)).status === 200 ? true : undefined), {
        timeoutMs: 120_000,
        intervalMs: 500,
        isAlive: () => launcher.exitCode === null,
      });
      const openapi = (await (await fetch(`${base}/openapi.json`)).json()) as { openapi: string };
      expect(openapi.openapi).toBe('3.1.0');
      for (const page of ['/docs', '/redoc']) {
        const response = await fetch(`${base}${page}`);
        expect(response.status).toBe(200);
        expect(await response.text()).toContain('/docs/assets/');
      }
      // Its embedded PostgreSQL loads pgvector (npm run pgvector:install), as root too: the migrations created it.
      const pgPort = Number((await readFile(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[3]);
      const client = new pg.Client({ connectionString: `postgres://tocsin:tocsin-local@127.0.0.1:${pgPort}/tocsin` });
      await client.connect();
      try {
        const { rows } = await client.query(`select extversion from pg_extension where extname = 'vector'`);
        expect(rows).toEqual([{ extversion: PGVECTOR_VERSION }]);
      } finally {
        await client.end();
      }
      // The launcher announces the URLs after its own readiness poll, which may trail ours.
      await waitFor('the launcher to print its URLs', async () => (output.includes('Swagger UI') ? true : undefined), {
        timeoutMs: 10_000,
        intervalMs: 100,
      });
    } catch (error) {
      // SIGTERM lets the launcher stop what it started; SIGKILL would orphan its children.
      launcher.kill('SIGTERM');
      const forced = setTimeout(() => launcher.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(forced);
      throw new Error(`${String(error)}\n--- launcher output ---\n${output}`);
    }

    const children = descendants(launcher.pid as number);
    // worker, api, temporal, postgres (and its backends) at least
    expect(children.length).toBeGreaterThanOrEqual(4);
    // Ctrl-C, then the same signal forwarded by npm once the launcher is already stopping.
    launcher.kill('SIGINT');
    await waitFor('the launcher to start stopping', async () => (output.includes('[tocsin] stopping') ? true : undefined), {
      timeoutMs: 10_000,
      intervalMs: 50,
    });
    launcher.kill('SIGINT');
    const [code, signal] = await exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    const survivors = await waitFor(
      'every child to exit',
      async () => {
        const left = children.filter(processAlive);
        return left.length === 0 ? left : undefined;
      },
      { timeoutMs: 15_000 },
    ).catch(() => children.filter(processAlive));
    expect(survivors).toEqual([]);
    expect(output).toContain('[tocsin] stopped');
  });
});
