import { ApplicationFailure } from '@temporalio/common';
import { MockActivityEnvironment } from '@temporalio/testing';
import { DefaultLogger } from '@temporalio/worker';
import { OutboundRefusedError, type HttpRequestFn, type OutboundRequest } from '../../shared/net/outbound-http.ts';
import { createExecutionActivities, renderStepConfig } from '../../activities/procedure-execution.activities.ts';
import { createSecretBox } from '../../shared/crypto/secret-box.ts';
import type { ExecutionStore } from '../../shared/db/access/executions.ts';

// runHttpStep never touches the database: any use of this stand-in fails the test.
const noExecutions = (): ExecutionStore => {
  throw new Error('unexpected database use');
};

async function runStep(httpRequest: HttpRequestFn, config: Record<string, unknown>) {
  const { runHttpStep } = createExecutionActivities({ executions: noExecutions, httpRequest });
  // Expected failures are the point of most cases here; the SDK's warning per failure is noise.
  return new MockActivityEnvironment(undefined, { logger: new DefaultLogger('ERROR') }).run(runHttpStep, {
    executionId: 'e',
    stepId: 's',
    config,
  });
}

const answering =
  (status: number, body = '{"ok":true}', seen: OutboundRequest[] = []): HttpRequestFn =>
  async (request) => {
    seen.push(request);
    return { status, headers: {}, body, url: request.url, redirects: 0, durationMs: 0 };
  };

async function failureOf(promise: Promise<unknown>): Promise<ApplicationFailure> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ApplicationFailure)) throw new Error(`expected an ApplicationFailure, got ${String(error)}`);
  return error;
}

describe('runHttpStep', () => {
  it('sends JSON bodies with a content type and records status and parsed body', async () => {
    const seen: OutboundRequest[] = [];
    const output = await runStep(answering(201, '{"id":7}', seen), { url: 'https://hooks.example.test/x', method: 'POST', body: { a: 1 } });
    expect(output).toEqual({ status_code: 201, body: { id: 7 } });
    expect(seen[0]).toMatchObject({
      url: 'https://hooks.example.test/x',
      method: 'POST',
      body: '{"a":1}',
      headers: { 'content-type': 'application/json' },
    });
  });

  it.each([
    [400, true],
    [404, true],
    [302, true],
    [408, false],
    [429, false],
    [500, false],
    [503, false],
  ])('an unexpected %i is a failure, non-retryable: %s', async (status, nonRetryable) => {
    const failure = await failureOf(runStep(answering(status), { url: 'https://hooks.example.test/x' }));
    expect(failure.type).toBe('HttpStepUnexpectedStatus');
    expect(failure.nonRetryable).toBe(nonRetryable);
    expect(failure.details?.[0]).toMatchObject({ status_code: status });
  });

  it('accepts exactly expected_status when given', async () => {
    await expect(runStep(answering(404), { url: 'https://hooks.example.test/x', expected_status: 404 })).resolves.toMatchObject({
      status_code: 404,
    });
    expect((await failureOf(runStep(answering(200), { url: 'https://hooks.example.test/x', expected_status: 404 }))).nonRetryable).toBe(
      true,
    );
  });

  it('retries transport errors but not refused targets or invalid configs', async () => {
    const transport = await failureOf(
      runStep(
        async () => {
          throw new TypeError('fetch failed');
        },
        { url: 'https://hooks.example.test/x' },
      ),
    );
    expect(transport).toMatchObject({ type: 'HttpTransportError', nonRetryable: false });
    const refused = await failureOf(
      runStep(
        async () => {
          throw new OutboundRefusedError('https://hooks.example.test/x', 'private address');
        },
        { url: 'https://hooks.example.test/x' },
      ),
    );
    expect(refused).toMatchObject({ type: 'OutboundRequestRefused', nonRetryable: true });
    const invalid = await failureOf(runStep(answering(200), { url: 'gopher://hooks.example.test/x' }));
    expect(invalid).toMatchObject({ type: 'InvalidStepConfig', nonRetryable: true });
  });
});

describe('renderStepConfig', () => {
  const parameters = { region: 'eu west/1', replicas: 3, dry_run: true, nested: { no: 'objects' }, header: 'a\r\nInjected: yes' };

  it.each([
    [
      'url values are URL-encoded',
      { url: 'https://ops.example.com/{{parameters.region}}?n={{parameters.replicas}}' },
      { url: 'https://ops.example.com/eu%20west%2F1?n=3' },
    ],
    [
      'unknown names and non-scalars render empty',
      { url: 'https://x.example/{{parameters.missing}}{{parameters.nested}}' },
      { url: 'https://x.example/' },
    ],
    [
      'header values lose line breaks',
      { url: 'https://x.example', headers: { 'X-Note': '{{parameters.header}}' } },
      { url: 'https://x.example', headers: { 'X-Note': 'a Injected: yes' } },
    ],
    [
      'body strings are rendered inside the object',
      { url: 'https://x.example', body: { region: '{{parameters.region}}', flags: ['{{parameters.dry_run}}'], count: 2 } },
      { url: 'https://x.example', body: { region: 'eu west/1', flags: ['true'], count: 2 } },
    ],
    [
      'nothing is evaluated',
      { url: 'https://x.example', body: { code: '{{constructor.constructor}}{{parameters.__proto__}}' } },
      { url: 'https://x.example', body: { code: '' } },
    ],
  ])('%s', (_name, config, expected) => {
    expect(renderStepConfig(config, parameters)).toEqual(expected);
  });

  it('sends the rendered request', async () => {
    const seen: OutboundRequest[] = [];
    const { runHttpStep } = createExecutionActivities({ executions: noExecutions, httpRequest: answering(200, '{}', seen) });
    await new MockActivityEnvironment(undefined, { logger: new DefaultLogger('ERROR') }).run(runHttpStep, {
      executionId: 'e',
      stepId: 's',
      config: { url: 'https://ops.example.com/scale/{{parameters.region}}', method: 'POST', body: { replicas: '{{parameters.replicas}}' } },
      parameters,
    });
    expect(seen[0]).toMatchObject({ url: 'https://ops.example.com/scale/eu%20west%2F1', body: JSON.stringify({ replicas: '3' }) });
  });

  it.each([
    ['a host placeholder', 'https://{{parameters.host}}/x', { host: 'collector.attacker.test' }],
    ['a host suffix placeholder', 'https://ops.example.com{{parameters.suffix}}/x', { suffix: '.attacker.test' }],
  ])('does not send secret headers to a destination rendered from %s', async (_label, url, stepParameters) => {
    const seen: OutboundRequest[] = [];
    const secretBox = createSecretBox('k'.repeat(32));
    const { runHttpStep } = createExecutionActivities({ executions: noExecutions, httpRequest: answering(200, '{}', seen), secretBox });
    const run = new MockActivityEnvironment(undefined, { logger: new DefaultLogger('ERROR') }).run(runHttpStep, {
      executionId: 'e',
      stepId: 's',
      config: { url, method: 'POST', secret_headers: { Authorization: secretBox.encrypt('Bearer token') } },
      parameters: stepParameters,
    });
    await expect(run).rejects.toMatchObject({ type: 'SecretDestinationChanged', nonRetryable: true });
    expect(seen).toEqual([]);
  });
});
