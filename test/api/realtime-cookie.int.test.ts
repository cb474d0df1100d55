import { io as connect, type Socket } from 'socket.io-client';
import { listen } from '../helpers/listening-stack.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

// The console's socket signs in with the session cookie; another site's page must not be able to
// open one on a signed-in user's behalf (the browser attaches the cookie whoever opens it).
describe('WebSocket handshake with the session cookie', () => {
  let stack: TestStack;
  let server: Awaited<ReturnType<typeof listen>>;
  let cookie: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    stack = await startTestStack();
    server = await listen(stack);
    const owner = await registerOwner(stack.http, 'rt-cookie');
    const login = await stack.http.post('/api/v1/auth/login').send({ email: owner.email, password: owner.password }).expect(200);
    const access = (login.headers['set-cookie'] as unknown as string[]).find((line) => line.startsWith('access_token='));
    cookie = `theme=dark; ${(access as string).split(';')[0]}`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await server?.close();
    await stack?.stop();
  });

  /** Resolves 'connected' or the refusal's code. */
  function handshake(headers: Record<string, string>): Promise<string> {
    const socket = connect(server.url, {
      path: '/api/v1/ws',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      extraHeaders: headers,
    });
    sockets.push(socket);
    return new Promise((resolve) => {
      socket.once('connect', () => resolve('connected'));
      socket.once('connect_error', (error: Error & { data?: { code?: string } }) => resolve(error.data?.code ?? error.message));
    });
  }

  it.each([
    ["from the API's own origin", () => ({ Cookie: cookie, Origin: server.url }), 'connected'],
    ['from another site', () => ({ Cookie: cookie, Origin: 'http://evil.example' }), 'INVALID_TOKEN'],
    ['from a look-alike host', () => ({ Cookie: cookie, Origin: `${server.url}.evil.example` }), 'INVALID_TOKEN'],
    ['without an Origin', () => ({ Cookie: cookie }), 'INVALID_TOKEN'],
    ['with a forged cookie from the own origin', () => ({ Cookie: 'access_token=not-a-jwt', Origin: server.url }), 'INVALID_TOKEN'],
  ])('%s', async (_label, headers, outcome) => {
    expect(await handshake(headers())).toBe(outcome);
  });
});
