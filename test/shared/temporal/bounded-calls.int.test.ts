import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { freePort } from '../../../shared/net/free-port.ts';
import { unavailableDependency } from '../../../shared/errors.ts';
import { temporalConnectionOptions, type TemporalCallRetry } from '../../../shared/temporal/client.ts';
import { status } from '@grpc/grpc-js';
import { startHeldAnswersProxy } from '../../helpers/held-answers-proxy.ts';
import { RESOURCE_EXHAUSTED_CAUSE, startRefusingTemporal } from '../../helpers/refusing-temporal.ts';
import { TEST_ENV } from '../../helpers/test-services.ts';

// Longer than the window a call retries an unreachable server in (3 s by default), shorter than
// the time it waits for an answer (10 s): the dev server has been this slow under load.
const ANSWER_HELD_MS = 4000;

describe('Temporal calls: a slow server gets the whole deadline, a server that is down only the retry window (integration: real Temporal)', () => {
  const connections: Connection[] = [];
  afterAll(async () => {
    for (const connection of connections) await connection.close().catch(() => undefined);
  });

  const clientOf = (address: string, settings: Omit<Parameters<typeof temporalConnectionOptions>[0], 'address'> = {}) => {
    const connection = Connection.lazy(temporalConnectionOptions({ address, ...settings }));
    connections.push(connection);
    return new Client({ connection, namespace: 'default' });
  };
  /** A bucket's signal-with-start: the run id it signalled, or what it failed with. */
  const signalBucket = (client: Client, taskQueue: string, workflowId = `${taskQueue}-${randomUUID()}`) =>
    client.workflow
      .signalWithStart('alertBucketWorkflow', { taskQueue, workflowId, args: [{}], signal: 'alertsReceived', signalArgs: [{ alerts: [] }] })
      .then(
        (handle) => handle.signaledRunId,
        (caught: unknown) => caught,
      );

  it('a signalWithStart answered after 4 s is accepted, and the workflow holds its signal', async () => {
    const temporalAddress = process.env[TEST_ENV.temporalAddress] as string;
    const proxy = await startHeldAnswersProxy(temporalAddress);
    const direct = clientOf(temporalAddress);
    const workflowId = `held-answer-${randomUUID()}`;
    try {
      const client = clientOf(proxy.address);
      await client.workflowService.getSystemInfo({});
      proxy.hold(ANSWER_HELD_MS);
      const startedAt = Date.now();
      expect(typeof (await signalBucket(client, `no-worker-${randomUUID()}`, workflowId))).toBe('string');
      // The answer really was held: the call is not accepted early by some other path.
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(ANSWER_HELD_MS);
      const history = await direct.workflow.getHandle(workflowId).fetchHistory();
      expect(history.events?.map((event) => event.workflowExecutionSignaledEventAttributes?.signalName).filter(Boolean)).toEqual([
        'alertsReceived',
      ]);
    } finally {
      await direct.workflow
        .getHandle(workflowId)
        .terminate('test over')
        .catch(() => undefined);
      await proxy.close();
    }
  }, 20_000);

  it('a server that refuses connections fails as "Temporal unavailable" within the retry window, not the deadline', async () => {
    const client = clientOf(`127.0.0.1:${await freePort()}`, { callTimeoutMs: 60_000, retryWindowMs: 500 });
    expect(unavailableDependency(await signalBucket(client, 'unreachable'))).toBe('temporal');
    // The jest timeout (10 s, far under the 60 s deadline) is what fails a client that retries past its window.
  }, 10_000);

  it.each([
    // Up, and asking for a moment (a workflow refusing signals while its continue-as-new is retried): the whole deadline.
    ['RESOURCE_EXHAUSTED', status.RESOURCE_EXHAUSTED, 'accepted'],
    // Retryable, but not a server that says it is there: only the retry window.
    ['UNAVAILABLE', status.UNAVAILABLE, 'refused'],
  ])(
    'a signalWithStart refused with %s (code %s) for 2 s, past the retry window, is %s',
    async (_label, code, outcome) => {
      const server = await startRefusingTemporal(2000, code);
      try {
        const client = clientOf(server.address, { callTimeoutMs: 9_000, retryWindowMs: 500 });
        const result = await signalBucket(client, 'refusing');
        if (outcome === 'accepted') {
          expect(result).toBe('run-after-refusals');
          expect(server.calls.length).toBeGreaterThan(1);
        } else {
          expect(result).toBeInstanceOf(Error);
        }
      } finally {
        await server.close();
      }
    },
    15_000,
  );

  it.each([
    // A workflow that takes signals again once its replay is done: tried again every quarter second or so.
    ['a busy workflow', RESOURCE_EXHAUSTED_CAUSE.busyWorkflow, 6, Infinity, 'busy_workflow'],
    // A rate limit keeps the SDK's backoff (1 s × 1.7, ±20 %): the second attempt at 1.4–2.0 s, the
    // third (due at 3.7 s or later) moved up to the last start, 2.3 s.
    ['a rate limit', RESOURCE_EXHAUSTED_CAUSE.rpsLimit, 3, 3, 'resource_exhausted'],
  ])(
    'RESOURCE_EXHAUSTED for %s (cause %i) until a 2.5 s deadline: at least %i attempts, at most %d, retried as %s',
    async (_label, cause, fewest, most, reason) => {
      const server = await startRefusingTemporal(60_000, status.RESOURCE_EXHAUSTED, cause);
      const retries: TemporalCallRetry[] = [];
      try {
        const client = clientOf(server.address, { callTimeoutMs: 2_500, retryWindowMs: 500, onRetry: (retry) => retries.push(retry) });
        expect(grpcCodeOf(await signalBucket(client, 'refusing'))).toBe(status.RESOURCE_EXHAUSTED);
        expect(server.calls.length).toBeGreaterThanOrEqual(fewest);
        expect(server.calls.length).toBeLessThanOrEqual(most);
        // Each attempt after the first was a retry, told with its reason (what /metrics counts).
        expect(retries).toEqual(server.calls.slice(1).map(() => ({ method: 'SignalWithStartWorkflowExecution', reason })));
      } finally {
        await server.close();
      }
    },
    10_000,
  );

  it('a server still refusing with RESOURCE_EXHAUSTED at the deadline: the caller gets its refusal, not a last attempt that had no time', async () => {
    const server = await startRefusingTemporal(60_000, status.RESOURCE_EXHAUSTED);
    try {
      const startedAt = Date.now();
      const result = await signalBucket(clientOf(server.address, { callTimeoutMs: 1_500, retryWindowMs: 500 }), 'refusing');
      expect(grpcCodeOf(result)).toBe(status.RESOURCE_EXHAUSTED);
      // Which the API answers as Temporal unavailable: 503 with Retry-After.
      expect(unavailableDependency(result)).toBe('temporal');
      // Retried within the deadline, and the last attempt was one the server answered.
      expect(server.calls.length).toBeGreaterThan(1);
      expect((server.calls.at(-1) as number) - startedAt).toBeLessThan(1_500);
    } finally {
      await server.close();
    }
  }, 10_000);
});

/** The gRPC status code a client call failed with, wherever the SDK's error carries it. */
function grpcCodeOf(error: unknown): number | undefined {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as Error & { code?: unknown }).code;
    if (typeof code === 'number') return code;
  }
  return undefined;
}
