import { randomUUID } from 'node:crypto';
import { WorkflowNotFoundError } from '@temporalio/client';
import { waitFor } from '../../../dev/wait-for.ts';
import { pagingTaskQueue, workflowIds } from '../../../shared/temporal/ids.ts';
import { bearer } from '../../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../../helpers/stack.ts';
import { alertmanagerBody, createIntegration, postSigned } from '../../helpers/webhooks.ts';

// Far longer than the test's deadlines: only the wake-up on `tocsin_outbox` can relay in time.
const IDLE_MS = 60_000;

/**
 * The outbox relay wakes when domain events commit (a trigger NOTIFYs `tocsin_outbox`) instead
 * of at its next idle poll: a new alert-opened incident is routed and paged well within the poll.
 */
describe('outbox relay wake-up (integration: real PostgreSQL and Temporal, worker)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ worker: true, relayIdleMs: IDLE_MS });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('pages a new incident long before the idle poll would relay its event', async () => {
    const owner = await registerOwner(stack.http, 'wake');
    const policy = (
      await stack.http
        .post('/api/v1/escalation-policies')
        .set(bearer(owner.token))
        .send({ name: 'Wake', is_default: true, levels: [{ targets: [{ type: 'user', id: owner.user.id }], delay_minutes: 30 }] })
        .expect(201)
    ).body.data as { id: string };
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    const db = stack.orm.em.fork();
    // The setup's own events are relayed first, so the relay is asleep in its idle poll below.
    await waitFor(
      'the setup relayed',
      async () => {
        const [{ pending }] = await db.execute<Array<{ pending: number }>>(
          'select count(*)::int as pending from domain_events where dispatched_at is null',
        );
        return pending === 0 ? true : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 50 },
    );

    const host = `wake-${randomUUID().slice(0, 8)}`;
    const sentAt = Date.now();
    await postSigned(stack.http, 'metrics_alerts', integration, alertmanagerBody(host, 'firing', `${host} is down`)).expect(200);
    const page = await waitFor(
      'the new incident paged',
      async () => {
        const [row] = await db.execute<
          Array<{ incident_id: string; policy_id: string; level: number; status: string; created_at: string }>
        >(
          `select p.incident_id, p.policy_id, p.level, p.status, p.created_at from pages p join incidents i on i.id = p.incident_id
           where i.organization_id = ? and i.title like ?`,
          [owner.organization.id, `%${host}%`],
        );
        return row?.status === 'sent' ? row : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 50 },
    );
    expect(page).toMatchObject({ policy_id: policy.id, level: 1 });
    expect(new Date(page.created_at).getTime() - sentAt).toBeLessThan(IDLE_MS / 3);
    // On the paging queue, where no ingestion task is queued ahead of it. The relay starts it just
    // after paging level 1 itself (worker/outbox/first-level.ts), so it may not exist yet.
    const escalation = await waitFor(
      'the escalation started',
      () =>
        stack.temporal.client.workflow
          .getHandle(workflowIds.escalation(page.incident_id))
          .describe()
          .catch((error: unknown) => {
            if (error instanceof WorkflowNotFoundError) return undefined;
            throw error;
          }),
      { timeoutMs: 20_000, intervalMs: 50 },
    );
    expect(escalation.taskQueue).toBe(pagingTaskQueue(stack.config.TEMPORAL_TASK_QUEUE));
  });
});
