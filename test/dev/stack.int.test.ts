import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from '@jest/globals';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { processAlive } from '../../dev/managed-process.ts';
import { startStack, temporaryRoot, type Stack } from '../../dev/stack/services.ts';
import { waitFor } from '../../dev/wait-for.ts';
import { freePort } from '../../shared/net/free-port.ts';
import { TEST_ENV } from '../helpers/test-services.ts';

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

// The stack launcher (dev/stack) with real servers: an embedded PostgreSQL of its own, and the test
// run's PostgreSQL as a configured one.
describe('the stack launcher (integration)', () => {
  const roots: string[] = [];
  let stack: Stack | undefined;
  const root = async () => {
    const dir = await temporaryRoot('tocsin-stack-');
    roots.push(dir);
    return dir;
  };
  afterEach(async () => {
    await stack?.stop();
    stack = undefined;
  });
  afterAll(async () => {
    for (const dir of roots) await rm(dir, { recursive: true, force: true });
  });

  it('brings an embedded PostgreSQL back after an immediate shutdown on the same port, with its data', async () => {
    stack = await startStack({
      root: await root(),
      postgres: { kind: 'embedded' },
      temporal: { kind: 'off' },
      elasticsearch: { kind: 'off' },
    });
    const postgres = stack.postgres;
    const url = await postgres.createDatabase('kept');
    await query(url, "create table t (v text); insert into t values ('before the crash')");
    const firstPid = postgres.pid as number;

    await postgres.kill();
    expect({ up: postgres.isUp(), alive: processAlive(firstPid) }).toEqual({ up: false, alive: false });
    await postgres.start();

    expect(postgres.pid).not.toBe(firstPid);
    expect(await query(url, 'select v from t')).toEqual([{ v: 'before the crash' }]);
  }, 240_000);

  it('stops when its embedded PostgreSQL already went away, as a Ctrl-C to the whole process group does', async () => {
    stack = await startStack({
      root: await root(),
      postgres: { kind: 'embedded' },
      temporal: { kind: 'off' },
      elasticsearch: { kind: 'off' },
    });
    const pid = stack.postgres.pid as number;
    process.kill(pid, 'SIGINT');
    await waitFor('PostgreSQL to exit', async () => (processAlive(pid) ? undefined : true), { timeoutMs: 30_000, intervalMs: 50 });

    const stopping = stack.stop();
    stack = undefined;
    await expect(Promise.race([stopping.then(() => 'stopped'), delay(10_000, 'still waiting')])).resolves.toBe('stopped');
  }, 240_000);

  it('stops what already started when another service fails to start, leaving its port free', async () => {
    const dir = await root();
    const port = await freePort();
    const starting = startStack({
      root: dir,
      postgres: { kind: 'embedded', port },
      temporal: { kind: 'dev', cliPath: join(dir, 'no-such-temporal') },
      elasticsearch: { kind: 'off' },
    });
    await expect(starting).rejects.toThrow(/TEMPORAL_CLI_PATH=.*no-such-temporal is not an executable/);
    // PostgreSQL started in parallel, and a clean shutdown removes its pid file.
    expect(existsSync(join(dir, 'postgres', 'PG_VERSION'))).toBe(true);
    expect(existsSync(join(dir, 'postgres', 'postmaster.pid'))).toBe(false);
    expect(await freePort(port)).toBe(port);
  }, 240_000);

  it('drops the databases it created in a configured PostgreSQL when it stops, and refuses to kill it', async () => {
    const adminUrl = process.env[TEST_ENV.postgresAdminUrl] as string;
    stack = await startStack({
      root: await root(),
      postgres: { kind: 'url', url: adminUrl },
      temporal: { kind: 'off' },
      elasticsearch: { kind: 'off' },
    });
    const name = `stack_${Date.now().toString(36)}`;
    await stack.postgres.createDatabase(name);
    const exists = async () =>
      (await query<{ n: number }>(adminUrl, `select count(*)::int as n from pg_database where datname = '${name}'`))[0]?.n;
    expect(await exists()).toBe(1);
    await expect(stack.postgres.kill()).rejects.toThrow(/configured server/);

    await stack.stop();
    stack = undefined;
    expect(await exists()).toBe(0);
  });
});
