import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** A local HTTP server that records every request and answers with `status()` (default 200). */
export async function startReceiver(status: (request: ReceivedRequest) => number = () => 200): Promise<{
  url: string;
  port: number;
  requests: ReceivedRequest[];
  setStatus(next: (request: ReceivedRequest) => number): void;
  close(): Promise<void>;
  server: Server;
}> {
  const requests: ReceivedRequest[] = [];
  let answer = status;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      requests.push(request);
      res.statusCode = answer(request);
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    setStatus(next) {
      answer = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    server,
  };
}
