import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../logger.ts';
import { bearerMatches, PROMETHEUS_CONTENT_TYPE } from './metrics.ts';

/**
 * `GET /metrics` alone on a listener of its own (API_METRICS_PORT): a scraper reaches it on the
 * pod, while the port a proxy or ingress forwards to never serves it.
 */
export async function startMetricsServer(options: {
  host: string;
  port: number;
  /** Set: only `Authorization: Bearer <token>` is answered (401 otherwise). */
  token?: string;
  render: () => Promise<string>;
  logger: Logger;
}): Promise<{ port: number; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const send = (status: number, body: string, type = 'application/json') => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(body);
    };
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics') return send(404, JSON.stringify({ status: 'not found' }));
    if (request.method !== 'GET' && request.method !== 'HEAD') return send(405, JSON.stringify({ status: 'method not allowed' }));
    if (options.token && !bearerMatches(request.headers.authorization, options.token))
      return send(401, JSON.stringify({ status: 'unauthorized' }));
    options.render().then(
      (text) => send(200, text, PROMETHEUS_CONTENT_TYPE),
      (error: unknown) => {
        options.logger.error({ err: error }, 'metrics failed');
        send(500, JSON.stringify({ status: 'error' }));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
