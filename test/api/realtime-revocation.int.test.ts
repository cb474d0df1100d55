import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { createApp } from '../../api/app.ts';
import { startRequestCaches, type RequestCaches } from '../../api/deps.ts';
import { attachRealtime, type Realtime } from '../../api/realtime.ts';
import { waitFor } from '../../dev/wait-for.ts';
import { openOrm, type Orm } from '../../shared/db/orm.ts';
import { createLogger } from '../../shared/logger.ts';
import { appDepsOver } from '../helpers/app-deps.ts';
import { createApiKey } from '../helpers/api-keys.ts';
import { addMember, bearer } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

// The brief's bound: a connection is closed within a second of the change that ends its credential.
const DISCONNECT_DEADLINE_MS = 1000;

/**
 * Two API processes over one database: changes are made through the stack's (A), WebSocket clients
 * are connected to B, which hears of them only through the credential channel (LISTEN/NOTIFY).
 */
describe('WebSocket connections end with their credential, in every API process (integration: real PostgreSQL)', () => {
  let stack: TestStack;
  let orm: Orm;
  let caches: RequestCaches;
  let server: Server;
  let realtime: Realtime;
  let url: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    stack = await startTestStack();
    const logger = createLogger({ name: 'process-b', level: 'silent' });
    orm = await openOrm({ databaseUrl: stack.databaseUrl, poolMax: 3 });
    caches = startRequestCaches(stack.config, logger, { orm, databaseUrl: stack.databaseUrl });
    const deps = appDepsOver(stack, { logger, runtime: { orm, requestCaches: caches } });
    server = createServer(createApp(deps).callback());
    realtime = attachRealtime(server, {
      orm,
      logger,
      databaseUrl: stack.databaseUrl,
      authenticateToken: deps.authenticateToken as NonNullable<typeof deps.authenticateToken>,
      credentialChanges: caches.credentials,
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await Promise.all([caches.ready, realtime.ready]);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await realtime?.close();
    await caches?.close();
    await orm?.close();
    await stack?.stop();
  });

  async function connected(token: string): Promise<Socket> {
    const socket = connect(url, { path: '/api/v1/ws', transports: ['websocket'], reconnection: false, forceNew: true, auth: { token } });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return socket;
  }
  const disconnected = (socket: Socket, what: string) =>
    waitFor(`${what}: socket disconnected`, async () => (socket.connected ? undefined : true), {
      timeoutMs: DISCONNECT_DEADLINE_MS,
      intervalMs: 10,
    });

  it('closes the connection of a logged-out access token, and only that one', async () => {
    const owner = await registerOwner(stack.http, 'rt-logout');
    const other = await stack.http.post('/api/v1/auth/login').send({ email: owner.email, password: owner.password }).expect(200);
    const [loggedOut, stays] = await Promise.all([connected(owner.token), connected(other.body.access_token as string)]);
    await stack.http.post('/api/v1/auth/logout').set(bearer(owner.token)).send({}).expect(200);
    await disconnected(loggedOut, 'logout');
    expect(stays.connected).toBe(true);
    // And it cannot come back with that token.
    await expect(connected(owner.token)).rejects.toThrow(/revoked/i);
  });

  it('closes every connection of the user on logout-all, and those of a session whose refresh token was reused', async () => {
    const owner = await registerOwner(stack.http, 'rt-sessions');
    const login = () => stack.http.post('/api/v1/auth/login').send({ email: owner.email, password: owner.password }).expect(200);
    // A session whose first refresh token is replayed after it was rotated.
    const stolen = await login();
    const rotated = await stack.http.post('/api/v1/auth/refresh').send({ refresh_token: stolen.body.refresh_token }).expect(200);
    const [onStolen, onRotated] = await Promise.all([
      connected(stolen.body.access_token as string),
      connected(rotated.body.access_token as string),
    ]);
    // Past the grace window that lets two tabs refresh at once.
    await orm.em.fork().execute(`update refresh_sessions set rotated_at = now() - interval '1 minute' where user_id = ?`, [owner.user.id]);
    await stack.http.post('/api/v1/auth/refresh').send({ refresh_token: stolen.body.refresh_token }).expect(401);
    await Promise.all([disconnected(onStolen, 'refresh token reuse'), disconnected(onRotated, 'refresh token reuse (rotated token)')]);

    const [first, second] = await Promise.all([login(), login()]);
    const together = await Promise.all([connected(first.body.access_token as string), connected(second.body.access_token as string)]);
    await stack.http
      .post('/api/v1/auth/logout-all')
      .set(bearer(first.body.access_token as string))
      .expect(200);
    await Promise.all(together.map((socket) => disconnected(socket, 'logout-all')));
  });

  it('closes the connection of a revoked API key', async () => {
    const owner = await registerOwner(stack.http, 'rt-key');
    const created = await createApiKey(stack.http, owner.token, { name: 'ws', permissions: ['incidents:read'] });
    const [keySocket, ownerSocket] = await Promise.all([connected(created.api_key), connected(owner.token)]);
    await stack.http.delete(`/api/v1/api-keys/${created.id}`).set(bearer(owner.token)).expect(204);
    await disconnected(keySocket, 'key revocation');
    expect(ownerSocket.connected).toBe(true);
  });

  it("closes the connections of a removed member, theirs and their keys'", async () => {
    const owner = await registerOwner(stack.http, 'rt-remove');
    const member = await addMember(stack, owner.token, 'admin', 'rt-removed');
    const key = await createApiKey(stack.http, member.token, { name: 'ws', permissions: ['incidents:read'] });
    const [memberSocket, keySocket] = await Promise.all([connected(member.token), connected(key.api_key)]);
    await stack.http.delete(`/api/v1/users/${member.user.id}`).set(bearer(owner.token)).expect(204);
    await Promise.all([disconnected(memberSocket, 'member removal'), disconnected(keySocket, 'member removal (their key)')]);
  });

  it('applies a demotion to a live connection', async () => {
    const owner = await registerOwner(stack.http, 'rt-demote');
    const member = await addMember(stack, owner.token, 'admin', 'rt-demoted');
    const socket = await connected(member.token);
    const roleOnServer = async () => (await realtime.io.fetchSockets()).find((candidate) => candidate.id === socket.id)?.data.auth.role;
    expect(await roleOnServer()).toBe('admin');
    await stack.http.patch(`/api/v1/users/${member.user.id}`).set(bearer(owner.token)).send({ role: 'viewer' }).expect(200);
    await waitFor('demotion applied', async () => ((await roleOnServer()) === 'viewer' ? true : undefined), {
      timeoutMs: DISCONNECT_DEADLINE_MS,
      intervalMs: 10,
    });
    expect(socket.connected).toBe(true);
  });
});
