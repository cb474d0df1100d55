import { randomUUID } from 'node:crypto';
import { waitFor } from '../../dev/wait-for.ts';
import { handoffReplanSignal, type handoffNoticesWorkflow } from '../../workflows/handoff-notices.workflow.ts';
import { startWorkflowTestEnv, type WorkflowTestEnv } from '../helpers/workflow-env.ts';

/**
 * The handoff-notice workflow on the real Temporal dev server with recording stand-ins for its two
 * activities: it sleeps on a timer until the next notice is due (no polling), and plans again when
 * signalled, long before its periodic re-plan.
 */
describe('handoffNoticesWorkflow (real Temporal)', () => {
  let wf: WorkflowTestEnv;
  beforeAll(async () => {
    wf = await startWorkflowTestEnv();
  }, 120_000);
  afterAll(async () => {
    await wf?.teardown();
  });

  it('sends when the next notice is due, and plans again on a signal', async () => {
    const plans: number[] = [];
    const sends: number[] = [];
    let dueAt: number | null = null;
    await wf.withWorker(
      {
        planHandoffNotices: async () => {
          plans.push(Date.now());
          return { planned: 1 };
        },
        sendDueHandoffNotices: async () => {
          sends.push(Date.now());
          // The first run finds a notice due in 2 s; the next nothing for an hour.
          if (sends.length === 1) dueAt = Date.now() + 2_000;
          else dueAt = Date.now() + 3_600_000;
          return { sent: sends.length === 1 ? 0 : 1, nextAt: dueAt };
        },
      },
      async (taskQueue) => {
        const handle = await wf.env.client.workflow.start<typeof handoffNoticesWorkflow>('handoffNoticesWorkflow', {
          taskQueue,
          workflowId: `handoff-test-${randomUUID()}`,
          args: [{ organizationId: randomUUID(), publicUrl: 'http://localhost' }],
        });
        await waitFor('the second send', async () => (sends.length >= 2 ? true : undefined), { timeoutMs: 30_000, intervalMs: 50 });
        // Woken by its timer at the due time, not before it and not by a poll loop.
        expect(sends[1]! - sends[0]!).toBeGreaterThanOrEqual(1_900);
        expect(plans).toHaveLength(1);
        // Nothing more for an hour: a second later it has neither planned nor sent again.
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        expect([plans.length, sends.length]).toEqual([1, 2]);

        await handle.signal(handoffReplanSignal);
        await waitFor('the re-plan', async () => (plans.length >= 2 && sends.length >= 3 ? true : undefined), {
          timeoutMs: 30_000,
          intervalMs: 50,
        });
        expect(plans).toHaveLength(2);
        await handle.terminate('test over');
      },
    );
  }, 120_000);
});
