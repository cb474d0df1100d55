import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApplicationFailure } from '@temporalio/common';
import { MockActivityEnvironment } from '@temporalio/testing';
import { DefaultLogger, type LogEntry } from '@temporalio/worker';
import { createGuardedHttpRequest } from '../../../shared/net/guarded-http-request.ts';
import { OutboundRequestRefused } from '../../../shared/net/http-request.ts';
import { createExecutionActivities } from '../../../activities/procedure-execution.activities.ts';
import type { Orm } from '../../../shared/db/orm.ts';
import type { Resolver } from '../../../shared/net/outbound-http.ts';

// runHttpStep never touches the database: any use of this stand-in fails the test.
const noOrm = new Proxy(
  {},
  {
    get: (_target, property) => {
      throw new Error(`unexpected orm.${String(property)}`);
    },
  },
) as Orm;

// DNS played by the test: internal names map to private addresses, as split-horizon DNS would.
const resolver: Resolver = async (hostname) => {
  const table: Record<string, string> = { 'billing.corp.example': '10.20.30.40', 'closed.example': '127.0.0.1' };
  if (!table[hostname]) throw new Error(`ENOTFOUND ${hostname}`);
  return [{ address: table[hostname] as string, family: 4 }];
};

async function runStep(url: string) {
  const logs: LogEntry[] = [];
  // Only the loopback test target is let through; everything else meets the real address policy.
  const httpRequest = createGuardedHttpRequest({ allowPrivate: false, resolver, isAddressAllowed: (address) => address === '127.0.0.1' });
  const { runHttpStep } = createExecutionActivities({ orm: noOrm, httpRequest });
  const environment = new MockActivityEnvironment(undefined, { logger: new DefaultLogger('WARN', (entry) => logs.push(entry)) });
  const failure = await environment.run(runHttpStep, { executionId: 'e', stepId: 's', config: { url } }).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(failure instanceof ApplicationFailure)) throw new Error(`expected an ApplicationFailure, got ${String(failure)}`);
  return { failure, logged: logs.map((entry) => JSON.stringify(entry.meta ?? {})).join('\n') };
}

describe('runbook http steps through the guarded client: what the organization sees', () => {
  it('a refused internal name: the step failure does not name the address, the worker log does', async () => {
    const { failure, logged } = await runStep('http://billing.corp.example/admin');
    expect(failure).toMatchObject({ type: 'OutboundRequestRefused', nonRetryable: true });
    expect(failure.message).toMatch(/billing\.corp\.example resolves to an address outbound requests may not reach/);
    expect(failure.message).not.toContain('10.20.30.40');
    expect(logged).toContain('10.20.30.40');
  });

  it('a failed connection: the step failure names the host, not the address it resolved to', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { failure, logged } = await runStep(`http://closed.example:${port}/`);
    expect(failure).toMatchObject({ type: 'HttpTransportError', nonRetryable: false });
    expect(failure.message).toContain(`ECONNREFUSED closed.example:${port}`);
    expect(failure.message).not.toContain('127.0.0.1');
    expect(logged).toContain('127.0.0.1');
  });
});

describe('the runbook http-step port on the guarded client', () => {
  let base: string;
  const server = createServer((request, response) => {
    if (request.url === '/redirect') response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
    else if (request.url === '/slow') setTimeout(() => response.end('late'), 2000).unref();
    else response.end('x'.repeat(100_000));
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const client = (timeoutMs?: number) => createGuardedHttpRequest({ allowPrivate: true, ...(timeoutMs ? { timeoutMs } : {}) });

  it('refuses anything but http and https, and what is no URL', async () => {
    for (const url of ['file:///etc/passwd', 'not a url'])
      await expect(client()({ url, method: 'GET', headers: {} })).rejects.toBeInstanceOf(OutboundRequestRefused);
  });

  it('answers a redirect as is instead of following it', async () => {
    const response = await client()({ url: `${base}/redirect`, method: 'GET', headers: {} });
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe('http://169.254.169.254/latest/meta-data');
  });

  it('caps the body at 64 KiB and times out', async () => {
    expect((await client()({ url: `${base}/big`, method: 'GET', headers: {} })).body).toHaveLength(64 * 1024);
    await expect(client(200)({ url: `${base}/slow`, method: 'GET', headers: {} })).rejects.toThrow();
  });
});
