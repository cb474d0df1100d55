import { createServer, type Server } from 'node:net';

function listenOn(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => resolve(server));
  });
}

/**
 * `count` distinct free loopback ports, none of them in `besides`: all are held at once while
 * chosen, so two calls in a row cannot hand out the same port.
 */
export async function freePorts(count: number, besides: number[] = []): Promise<number[]> {
  const held: Server[] = [];
  try {
    const ports: number[] = [];
    while (ports.length < count) {
      const server = await listenOn(0);
      held.push(server);
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      if (!besides.includes(port)) ports.push(port);
    }
    return ports;
  } finally {
    await Promise.all(held.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

/** Asks the kernel for a free loopback port; `preferred` is used when it is free. */
export async function freePort(preferred = 0): Promise<number> {
  const tryListen = async (port: number) => {
    const server = await listenOn(port);
    const address = server.address();
    const chosen = typeof address === 'object' && address ? address.port : port;
    await new Promise((resolve) => server.close(resolve));
    return chosen;
  };
  if (preferred > 0) {
    try {
      return await tryListen(preferred);
    } catch {
      // taken: fall through to any free port
    }
  }
  return tryListen(0);
}
