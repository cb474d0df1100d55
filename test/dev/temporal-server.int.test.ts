import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client, Connection } from '@temporalio/client';
import pg from 'pg';
import { startStack, type Stack } from '../../dev/stack/services.ts';
import { TEMPORAL_SERVER_DYNAMIC_CONFIG, TEMPORAL_SERVER_HISTORY_SHARDS } from '../../dev/temporal-server.ts';
import { installTemporalServer, type TemporalServerInstall } from '../../dev/temporal-server-install.ts';
import { INCIDENT_ID, ORGANIZATION_ID } from '../../shared/domain/search-attributes.ts';
import { toolCacheDir } from '../../shared/load-config.ts';
import { TEST_ENV } from '../helpers/test-services.ts';

// The Temporal server itself (not the dev server) on the test PostgreSQL, in databases of its own,
// started by the stack launcher as BENCH_TEMPORAL=server and the scale-out scenario start it.
describe('the Temporal server on PostgreSQL (dev/temporal-server.ts)', () => {
  const adminUrl = () => process.env[TEST_ENV.postgresAdminUrl] as string;
  const database = `tsrv_${randomBytes(5).toString('hex')}`;
  let install: TemporalServerInstall;
  let dataDir: string;
  let stack: Stack | undefined;

  const sql = async <T>(query: string, params: unknown[] = [], inDatabase?: string): Promise<T[]> => {
    const url = new URL(adminUrl());
    if (inDatabase) url.pathname = `/${inDatabase}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      return (await client.query(query, params)).rows as T[];
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    install = await installTemporalServer({ cacheDir: toolCacheDir() });
    dataDir = await mkdtemp(join(tmpdir(), 'temporal-server-'));
  }, 20 * 60_000);

  afterAll(async () => {
    await stack?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const databases = async () =>
    (await sql<{ datname: string }>('select datname from pg_database where datname like $1 order by 1', [`${database}%`])).map(
      (row) => row.datname,
    );

  it('keeps a running workflow and its search attributes across a SIGKILL and a start on the same databases', async () => {
    stack = await startStack(
      { root: dataDir, postgres: { kind: 'url', url: adminUrl() }, temporal: { kind: 'server', database }, elasticsearch: { kind: 'off' } },
      { cacheDir: toolCacheDir() },
    );
    const temporal = stack.temporal;
    const address = temporal.address;
    const workflowId = `survives-${randomUUID()}`;
    const connection = await Connection.connect({ address });
    try {
      // No worker polls this queue: the workflow stays running, held only by the server's databases.
      await new Client({ connection }).workflow.start('notPolled', {
        taskQueue: `nobody-${randomUUID()}`,
        workflowId,
        typedSearchAttributes: [
          { key: ORGANIZATION_ID, value: 'org-1' },
          { key: INCIDENT_ID, value: 'incident-1' },
        ],
      });
    } finally {
      await connection.close();
    }

    const pid = temporal.pid as number;
    await temporal.kill();
    expect(() => process.kill(pid, 0)).toThrow();
    await temporal.start();
    expect(temporal.address).toBe(address);

    const again = await Connection.connect({ address });
    try {
      const description = await new Client({ connection: again }).workflow.getHandle(workflowId).describe();
      expect({ status: description.status.name, organization: description.typedSearchAttributes.get(ORGANIZATION_ID) }).toEqual({
        status: 'RUNNING',
        organization: 'org-1',
      });
    } finally {
      await again.close();
    }
    const [shards] = await sql<{ n: number }>('select count(*)::int as n from shards', [], database);
    expect(shards?.n).toBe(TEMPORAL_SERVER_HISTORY_SHARDS);
  });

  it('keeps every port it listens on below 32768, as the PostgreSQL membership table requires', async () => {
    const ports = JSON.parse(await readFile(join(dataDir, 'temporal', 'ports.json'), 'utf8')) as Record<string, number>;
    expect(Object.values(ports).filter((port) => !(port > 0 && port < 32768))).toEqual([]);
    expect(new Set(Object.values(ports)).size).toBe(Object.keys(ports).length);
  });

  it('drops its databases from a configured PostgreSQL when the stack stops', async () => {
    expect(await databases()).toEqual([database, `${database}_visibility`]);
    await stack?.stop();
    stack = undefined;
    expect(await databases()).toEqual([]);
  });

  it('sets only dynamic config keys this server version knows', async () => {
    const file = join(dataDir, 'dynamic-config-check.yaml');
    await writeFile(file, TEMPORAL_SERVER_DYNAMIC_CONFIG);
    const { stdout, stderr } = await promisify(execFile)(install.server, ['validate-dynamic-config', file]);
    expect(`${stdout}${stderr}`.split('\n').filter((line) => /warning|error/i.test(line))).toEqual([]);
  });
});
