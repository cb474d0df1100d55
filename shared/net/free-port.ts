import { createServer } from 'node:net';

/** Asks the kernel for a free loopback port; `preferred` is used when it is free. */
export async function freePort(preferred = 0): Promise<number> {
  const tryListen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const server = createServer();
      server.unref();
      server.once('error', reject);
      server.listen({ port, host: '127.0.0.1', exclusive: true }, () => {
        const address = server.address();
        const chosen = typeof address === 'object' && address ? address.port : port;
        server.close(() => resolve(chosen));
      });
    });
  if (preferred > 0) {
    try {
      return await tryListen(preferred);
    } catch {
      // taken: fall through to any free port
    }
  }
  return tryListen(0);
}
