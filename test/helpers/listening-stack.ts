import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildAppDeps } from '../../api/deps.ts';
import { attachRealtime } from '../../api/realtime.ts';
import { createLogger } from '../../shared/logger.ts';
import type { TestStack } from './stack.ts';

/**
 * The stack's app on a loopback port with the WebSocket attached, as `api/main.ts` serves it, for
 * clients that run outside the test process (generated SDKs, the helper CLI binary).
 */
export async function listen(stack: TestStack, options: { port?: number } = {}): Promise<{ url: string; close(): Promise<void> }> {
  const logger = createLogger({ name: 'listening-stack', level: 'silent' });
  const deps = buildAppDeps(stack.config, logger, {
    orm: stack.orm,
    temporal: stack.temporal,
    jwtSecret: stack.config.JWT_SECRET as string,
    encryptionKey: stack.config.ENCRYPTION_KEY as string,
  });
  const server = createServer(stack.app.callback());
  const realtime = attachRealtime(server, {
    orm: stack.orm,
    logger,
    databaseUrl: stack.databaseUrl,
    authenticateToken: deps.authenticateToken as NonNullable<typeof deps.authenticateToken>,
  });
  // A fixed port when the stack's PUBLIC_URL must name it (SSO callbacks a browser follows).
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  await realtime.ready;
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    // Closes the HTTP server too.
    close: () => realtime.close(),
  };
}
