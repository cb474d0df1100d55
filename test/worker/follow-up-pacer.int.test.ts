import { randomUUID } from 'node:crypto';
import { Worker } from '@temporalio/worker';
import { waitFor } from '../../dev/wait-for.ts';
import type { SearchIndexInput } from '../../shared/search/port.ts';
import { searchDocumentsChangedSignal } from '../../workflows/messages.ts';
import type { searchIndexBucketWorkflow } from '../../workflows/search-index-bucket.workflow.ts';
import { createFollowUpPacer, workerIsBusy } from '../../worker/follow-up-pacer.ts';
import { startWorkflowTestEnv, type WorkflowTestEnv } from '../helpers/workflow-env.ts';

/**
 * The pacer watching a real worker on the real Temporal server: while the worker runs an activity
 * (a search bucket's pass, held open by the test) follow-up work waits, up to its cap; once the
 * activity has ended it goes on at once.
 */
describe('follow-up pacer (real Temporal worker)', () => {
  let wf: WorkflowTestEnv;

  beforeAll(async () => {
    wf = await startWorkflowTestEnv();
  });
  afterAll(async () => {
    await wf?.teardown();
  });

  it("holds follow-up work while a watched worker's activity runs and lets it go when it ends", async () => {
    const taskQueue = `pacer-${randomUUID()}`;
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let passes = 0;
    const worker = await Worker.create({
      debugMode: true,
      connection: wf.env.nativeConnection,
      taskQueue,
      workflowBundle: wf.bundle,
      activities: {
        indexDocuments: async () => {
          passes += 1;
          await released;
          return { indexed: 1, removed: 0, skipped: 0 };
        },
        analyzeIncidents: async () => ({ analyzed: 0 }),
      },
    });
    const cap = 300;
    const pacer = createFollowUpPacer({ maxWaitMs: cap });
    pacer.watch(() => workerIsBusy(worker));
    const organizationId = randomUUID();
    const documents: SearchIndexInput[] = [{ organizationId, type: 'article', id: randomUUID() }];

    await worker.runUntil(async () => {
      expect(await pacer.pace()).toBeLessThan(cap);
      const handle = await wf.env.client.workflow.signalWithStart<typeof searchIndexBucketWorkflow, [{ documents: SearchIndexInput[] }]>(
        'searchIndexBucketWorkflow',
        {
          taskQueue,
          workflowId: `pacer-bucket-${randomUUID()}`,
          args: [{ organizationId, bucket: 0 }],
          signal: searchDocumentsChangedSignal,
          signalArgs: [{ documents }],
        },
      );
      try {
        await waitFor("the bucket's pass to start", async () => (passes === 1 ? true : undefined), { timeoutMs: 20_000 });
        let heartbeats = 0;
        expect(await pacer.pace(() => (heartbeats += 1))).toBeGreaterThanOrEqual(cap);
        expect(heartbeats).toBeGreaterThan(0);
        release();
        await waitFor('the worker to finish the pass', async () => (workerIsBusy(worker) ? undefined : true), { timeoutMs: 20_000 });
        expect(await pacer.pace()).toBeLessThan(cap);
      } finally {
        release();
        await handle.terminate('test over');
      }
    });
  });
});
