import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

/**
 * A TCP proxy in front of a real server (Temporal's gRPC port) that, while `holdMs` is above zero,
 * passes each chunk the server sends on after that long, in order: a server that has the request
 * and is slow to answer, as a busy one is. Requests go through at once.
 */
export async function startHeldAnswersProxy(target: string) {
  const [host, port] = [target.slice(0, target.lastIndexOf(':')), Number(target.slice(target.lastIndexOf(':') + 1))];
  const sockets = new Set<Socket>();
  const state = { holdMs: 0 };
  const server = createServer((client) => {
    const upstream = connect(port, host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream);
    // Each chunk is due `holdMs` after it arrived, never before the one ahead of it.
    let lastDueAt = 0;
    upstream.on('data', (chunk: Buffer) => {
      const dueAt = Math.max(Date.now() + state.holdMs, lastDueAt);
      lastDueAt = dueAt;
      setTimeout(() => client.writable && client.write(chunk), dueAt - Date.now());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    hold(ms: number) {
      state.holdMs = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
