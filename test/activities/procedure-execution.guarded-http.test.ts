import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApplicationFailure } from '@temporalio/common';
import { MockActivityEnvironment } from '@temporalio/testing';
import { DefaultLogger, type LogEntry } from '@temporalio/worker';
import { createExecutionActivities } from '../../activities/procedure-execution.activities.ts';
import type { ExecutionStore } from '../../shared/db/access/executions.ts';
import { createOutboundHttp, type Resolver } from '../../shared/net/outbound-http.ts';

// runHttpStep never touches the database: any use of this stand-in fails the test.
const noExecutions = (): ExecutionStore => {
  throw new Error('unexpected database use');
};

// DNS played by the test: internal names map to private addresses, as split-horizon DNS would.
const resolver: Resolver = async (hostname) => {
  const table: Record<string, string> = { 'billing.corp.example': '10.20.30.40', 'closed.example': '127.0.0.1' };
  if (!table[hostname]) throw new Error(`ENOTFOUND ${hostname}`);
  return [{ address: table[hostname] as string, family: 4 }];
};

async function runStep(url: string) {
  const logs: LogEntry[] = [];
  // Only the loopback test target is let through; everything else meets the real address policy.
  const httpRequest = createOutboundHttp({ allowPrivate: false, resolver, isAddressAllowed: (address) => address === '127.0.0.1' });
  const { runHttpStep } = createExecutionActivities({ executions: noExecutions, httpRequest });
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

  it('a redirect is what the step answered, not followed (here towards the metadata address)', async () => {
    const redirecting = createServer((_request, response) => {
      response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    try {
      const { failure } = await runStep(`http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/`);
      expect(failure).toMatchObject({ type: 'HttpStepUnexpectedStatus', nonRetryable: true });
      expect(failure.details).toEqual([expect.objectContaining({ status_code: 302 })]);
    } finally {
      redirecting.closeAllConnections();
      await new Promise<void>((resolve) => redirecting.close(() => resolve()));
    }
  });
});
