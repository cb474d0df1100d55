import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { Client, Connection } from '@temporalio/client';
import supertest from 'supertest';
import { createApp } from '../../api/app.ts';
import { buildAppDeps } from '../../api/deps.ts';
import { parseConfig } from '../../shared/config.ts';
import { openOrm, type Orm } from '../../shared/db/orm.ts';
import { freePort } from '../../shared/net/free-port.ts';
import { unavailableDependency } from '../../shared/errors.ts';
import { createLogger } from '../../shared/logger.ts';
import { temporalConnectionOptions, type TemporalClient } from '../../shared/temporal/client.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

/** A loopback address that accepts TCP connections and never says a word: a hung or black-holed server. */
async function startSilentServer() {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A Tocsin Temporal client on `address`, connected lazily (an eager connect would fail first). */
function lazyTemporal(address: string, callTimeoutMs?: number): TemporalClient & { connection: Connection } {
  const connection = Connection.lazy(temporalConnectionOptions({ address, callTimeoutMs }));
  return {
    connection,
    client: new Client({ connection, namespace: 'default' }),
    taskQueue: 'unreachable',
    close: () => connection.close(),
  };
}

// Without bounds, each of these waits on gRPC's own connect timeout and ten retries (18 s and
// more), past these tests' timeouts: answering at all is what they check.
const OUTAGE_TEST_TIMEOUT_MS = 10_000;

describe('readiness and Temporal calls while Temporal does not answer (integration: real PostgreSQL, a silent TCP server)', () => {
  let silent: Awaited<ReturnType<typeof startSilentServer>>;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let orm: Orm;
  const temporals: TemporalClient[] = [];

  beforeAll(async () => {
    silent = await startSilentServer();
    database = await createTestDatabase();
    orm = await openOrm({ databaseUrl: database.url, poolMax: 2 });
  });
  afterAll(async () => {
    for (const temporal of temporals) await temporal.close().catch(() => undefined);
    await orm?.close();
    await database?.drop();
    await silent?.close();
  });

  it(
    '/readyz answers 503 with temporal unavailable and the database ok',
    async () => {
      const temporal = lazyTemporal(silent.address);
      temporals.push(temporal);
      const config = parseConfig({
        NODE_ENV: 'test',
        DATABASE_URL: database.url,
        TEMPORAL_ADDRESS: silent.address,
        JWT_SECRET: randomBytes(32).toString('hex'),
        ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      });
      const app = createApp(
        buildAppDeps(config, createLogger({ name: 'tocsin-test', level: 'silent' }), {
          orm,
          temporal,
          jwtSecret: config.JWT_SECRET as string,
          encryptionKey: config.ENCRYPTION_KEY as string,
        }),
      );
      const response = await supertest(app.callback()).get('/readyz');
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ status: 'unavailable', checks: { database: 'ok', temporal: 'unavailable' } });
    },
    OUTAGE_TEST_TIMEOUT_MS,
  );

  it.each([
    ['accepts connections but never answers', () => silent.address],
    ['refuses connections', async () => `127.0.0.1:${await freePort()}`],
  ])(
    'a signalWithStart to a Temporal that %s fails as "Temporal unavailable" instead of waiting',
    async (_label, address) => {
      const temporal = lazyTemporal(await address(), 500);
      temporals.push(temporal);
      const signalled = temporal.client.workflow.signalWithStart('alertBucketWorkflow', {
        taskQueue: temporal.taskQueue,
        workflowId: `unreachable-${randomUUID()}`,
        args: [{}],
        signal: 'alertsReceived',
        signalArgs: [{ alerts: [] }],
      });
      const error = await signalled.then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).toBeDefined();
      expect(unavailableDependency(error)).toBe('temporal');
    },
    OUTAGE_TEST_TIMEOUT_MS,
  );
});
