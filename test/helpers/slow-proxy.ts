import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the proxy saw: requests by kind, and the most that were in flight at once. */
export interface SlowProxyStats {
  requests: number;
  /** Requests whose path ends in `_bulk`, `_msearch`, `_search`. */
  bulk: number;
  msearch: number;
  search: number;
  inFlight: number;
  maxInFlight: number;
}

/**
 * An HTTP proxy in front of a real server (Elasticsearch) that waits `delayMs` before forwarding
 * each request, as a slow or overloaded cluster answers; it counts requests and how many it held
 * at once, so a test can check how many its client sends concurrently.
 */
export async function startSlowProxy(
  target: string,
  delayMs: number,
): Promise<{ url: string; stats: SlowProxyStats; close(): Promise<void> }> {
  const upstream = new URL(target);
  const stats: SlowProxyStats = { requests: 0, bulk: 0, msearch: 0, search: 0, inFlight: 0, maxInFlight: 0 };
  const forward = (incoming: IncomingMessage, outgoing: ServerResponse, body: Buffer) => {
    const proxied = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: upstream.host },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
        answer.on('end', () => (stats.inFlight -= 1));
      },
    );
    proxied.on('error', () => {
      stats.inFlight -= 1;
      outgoing.destroy();
    });
    proxied.end(body);
  };
  const server = createServer((incoming, outgoing) => {
    stats.requests += 1;
    stats.inFlight += 1;
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
    const path = (incoming.url ?? '').split('?')[0] ?? '';
    if (path.endsWith('/_bulk')) stats.bulk += 1;
    else if (path.endsWith('/_msearch')) stats.msearch += 1;
    else if (path.endsWith('/_search')) stats.search += 1;
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => setTimeout(() => forward(incoming, outgoing, Buffer.concat(chunks)), delayMs));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stats,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
