import { randomUUID } from 'node:crypto';
import { Context } from '@temporalio/activity';
import { Worker } from '@temporalio/worker';
import { waitFor } from '../../dev/wait-for.ts';
import { ALERT_BUCKETS } from '../../shared/domain/alert-bucket.ts';
import type { AlertBucketInput, AlertSignalPayload } from '../../shared/domain/ingestion.ts';
import { INGESTION_WORKER_TUNING } from '../../worker/worker.ts';
import type { alertBucketWorkflow } from '../../workflows/alert-bucket.workflow.ts';
import { alertsReceivedSignal } from '../../workflows/messages.ts';
import { alertSignalOf } from '../helpers/alert-signals.ts';
import { startWorkflowTestEnv, type WorkflowTestEnv } from '../helpers/workflow-env.ts';

/**
 * The ingestion worker's slots and polls (INGESTION_WORKER_TUNING) on the real Temporal dev server:
 * a bucket under a storm keeps its workflow task slot from one task to the next, and every poll
 * holds a slot while it waits, so with too few slots no poll is left on the normal queue, where a
 * new bucket's first task waits until a sticky poll gives its slot back (11 to 60 s).
 */
describe('the ingestion worker (real Temporal)', () => {
  let wf: WorkflowTestEnv;
  beforeAll(async () => {
    wf = await startWorkflowTestEnv();
  });
  afterAll(async () => {
    await wf?.teardown();
  });

  it('starts a new bucket while every bucket of two storming integrations holds its slot in a batch', async () => {
    const taskQueue = `ingestion-slots-${randomUUID()}`;
    const organizationId = randomUUID();
    const holding = new Set<string>();
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    // Each batch holds its bucket's slot (a local activity inside the workflow task) until released.
    const recordAlertBatch = async (input: { signals: AlertSignalPayload[] }) => {
      const workflowId = Context.current().info.workflowExecution?.workflowId ?? 'unknown';
      holding.add(workflowId);
      try {
        await Promise.race([released, Context.current().cancelled.catch(() => undefined)]);
      } finally {
        holding.delete(workflowId);
      }
      return { applied: input.signals.length, opened: 0 };
    };
    const worker = await Worker.create({
      ...INGESTION_WORKER_TUNING,
      debugMode: true,
      connection: wf.env.nativeConnection,
      taskQueue,
      workflowBundle: wf.bundle,
      activities: { recordAlertBatch },
    });
    const client = wf.env.client.workflow;
    const startBucket = async (integrationId: string, bucket: number) => {
      const alert = alertSignalOf({ organizationId, integrationId })(`key-${bucket}`);
      return client.signalWithStart<typeof alertBucketWorkflow, [{ alerts: AlertSignalPayload[] }]>('alertBucketWorkflow', {
        taskQueue,
        workflowId: `alert-bucket:${organizationId}:${integrationId}:${bucket}`,
        args: [{ organizationId, integrationId, bucket, idleMs: 1_000 } satisfies AlertBucketInput],
        signal: alertsReceivedSignal,
        signalArgs: [{ alerts: [alert] }],
      });
    };
    const started: Array<Awaited<ReturnType<typeof startBucket>>> = [];
    try {
      await worker.runUntil(async () => {
        const storming = [randomUUID(), randomUUID()];
        for (const integrationId of storming)
          for (let bucket = 0; bucket < ALERT_BUCKETS; bucket += 1) started.push(await startBucket(integrationId, bucket));
        const busy = storming.length * ALERT_BUCKETS;
        await waitFor(`${busy} batches holding their slots at once`, async () => (holding.size === busy ? true : undefined), {
          timeoutMs: 20_000,
        });

        const fresh = await startBucket(randomUUID(), 0);
        started.push(fresh);
        const firstTaskStarted = async () =>
          ((await fresh.fetchHistory()).events ?? []).some((event) => event.workflowTaskStartedEventAttributes) ? true : undefined;
        await waitFor('the first workflow task of the new bucket', firstTaskStarted, { timeoutMs: 20_000 });
        // Every batch still held: the new bucket's task got a slot beside them, not one they gave back.
        expect(holding.size).toBe(busy);
        release();
        await Promise.all(started.map((handle) => handle.result()));
      });
    } finally {
      release();
      await Promise.all(started.map((handle) => handle.terminate().catch(() => undefined)));
    }
  }, 90_000);
});
