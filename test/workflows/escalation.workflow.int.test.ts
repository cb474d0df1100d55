import { randomUUID } from 'node:crypto';
import { waitFor } from '../../dev/wait-for.ts';
import type { PageLevelInput } from '../../activities/escalation.activities.ts';
import type { EscalationEnd, EscalationLevel, EscalationPolicySnapshot } from '../../shared/domain/escalation.ts';
import { workflowIds } from '../../shared/temporal/ids.ts';
import { escalateNowSignal, escalationAcknowledgeSignal, escalationResolveSignal, escalationStateQuery } from '../../workflows/messages.ts';
import type { escalationWorkflow } from '../../workflows/escalation.workflow.ts';
import { startWorkflowTestEnv, type ActivityMocks, type WorkflowTestEnv } from '../helpers/workflow-env.ts';

// The time-skipping server cannot be downloaded here (see workflow-env.ts): delays are real and short.
const SHORT = 0.05; // 3 s

/**
 * The workflow alone, over a modelled incident: the activities that read the database and send
 * mail (covered end to end by test/api/escalation.int.test.ts) record what they were asked.
 */
describe('escalationWorkflow (real Temporal, modelled activities)', () => {
  let wf: WorkflowTestEnv;
  beforeAll(async () => {
    wf = await startWorkflowTestEnv();
  });
  afterAll(async () => {
    await wf?.teardown();
  });

  const twoLevels = (delays: [number, number], repeat = 0): EscalationPolicySnapshot => ({
    id: randomUUID(),
    name: 'two levels',
    levels: [
      { targets: [{ type: 'user', id: 'u1' }], delay_minutes: delays[0] },
      { targets: [{ type: 'user', id: 'u2' }], delay_minutes: delays[1] },
    ],
    repeat,
  });

  /** Activities over one incident whose status and assignee the test may change. */
  function model(policy: EscalationPolicySnapshot) {
    const incident = { status: 'active', assignee_id: null as string | null };
    const pages: Array<PageLevelInput & { at: number }> = [];
    const mocks: ActivityMocks = {
      loadEscalationPolicy: async () => policy,
      resolveEscalationTargets: async ({ targets }: { targets: EscalationLevel['targets'] }) => {
        if (incident.status === 'resolved') return { end: 'resolved' as EscalationEnd, userIds: [] };
        if (incident.status !== 'active' || incident.assignee_id) return { end: 'acknowledged' as EscalationEnd, userIds: [] };
        return { end: null, userIds: targets.map((target) => target.id) };
      },
      pageEscalationTargets: async (input: PageLevelInput) => {
        pages.push({ ...input, at: Date.now() });
        return { sent: input.userIds.length, failed: 0, skipped: 0 };
      },
    };
    const paged = (count: number) =>
      waitFor(`${count} levels paged`, async () => (pages.length >= count ? pages : undefined), { timeoutMs: 20_000, intervalMs: 20 });
    return { incident, pages, mocks, paged };
  }

  const start = (taskQueue: string, policy: EscalationPolicySnapshot, extra: Partial<Parameters<typeof escalationWorkflow>[0]> = {}) => {
    const incidentId = randomUUID();
    return wf.env.client.workflow.start<typeof escalationWorkflow>('escalationWorkflow', {
      taskQueue,
      workflowId: workflowIds.escalation(incidentId),
      args: [{ organizationId: randomUUID(), incidentId, policyId: policy.id, publicUrl: 'https://tocsin.example.test', ...extra }],
    });
  };

  it('pages level 1, then level 2 after its delay when nobody acknowledges, then ends', async () => {
    const policy = twoLevels([SHORT, SHORT]);
    const { pages, mocks, paged } = model(policy);
    await wf.withWorker(mocks, async (taskQueue) => {
      const handle = await start(taskQueue, policy);
      await paged(1);
      const waiting = await handle.query(escalationStateQuery);
      expect(waiting).toMatchObject({ level: 1, round: 1, ended: null, policy_id: policy.id });
      expect(Date.parse(waiting.next_escalation_at as string)).toBeGreaterThan((pages[0] as { at: number }).at);
      expect(await handle.result()).toEqual({ ended: 'exhausted' });
      expect(await handle.query(escalationStateQuery)).toMatchObject({ level: 2, round: 1, ended: 'exhausted', next_escalation_at: null });
    });
    expect(pages.map(({ round, level, userIds }) => ({ round, level, userIds }))).toEqual([
      { round: 1, level: 1, userIds: ['u1'] },
      { round: 1, level: 2, userIds: ['u2'] },
    ]);
    // Level 2 waited level 1's delay (3 s; a little slack for timer granularity).
    expect((pages[1] as { at: number }).at - (pages[0] as { at: number }).at).toBeGreaterThanOrEqual(2_900);
  });

  it('runs the chain again `repeat` times', async () => {
    const policy = twoLevels([SHORT, SHORT], 1);
    const { pages, mocks } = model(policy);
    await wf.withWorker(mocks, async (taskQueue) => {
      expect(await (await start(taskQueue, policy)).result()).toEqual({ ended: 'exhausted' });
    });
    expect(pages.map(({ round, level }) => [round, level])).toEqual([
      [1, 1],
      [1, 2],
      [2, 1],
      [2, 2],
    ]);
  });

  it.each([
    ['acknowledging', escalationAcknowledgeSignal, 'acknowledged'],
    ['resolving', escalationResolveSignal, 'resolved'],
  ] as const)('%s stops it: level 2 is never paged', async (_name, signal, ended) => {
    const policy = twoLevels([10, 10]);
    const { pages, mocks, paged } = model(policy);
    await wf.withWorker(mocks, async (taskQueue) => {
      const handle = await start(taskQueue, policy);
      await paged(1);
      await handle.signal(signal);
      expect(await handle.result()).toEqual({ ended });
    });
    expect(pages.map(({ level }) => level)).toEqual([1]);
  });

  it('stops before the next level when the incident was acknowledged and the signal lost', async () => {
    const policy = twoLevels([SHORT, SHORT]);
    const { incident, pages, mocks, paged } = model(policy);
    await wf.withWorker(mocks, async (taskQueue) => {
      const handle = await start(taskQueue, policy);
      await paged(1);
      incident.assignee_id = 'u1';
      expect(await handle.result()).toEqual({ ended: 'acknowledged' });
    });
    expect(pages.map(({ level }) => level)).toEqual([1]);
  });

  it('escalate-now pages the next level without waiting its delay', async () => {
    // A second round keeps it waiting after level 2, so the acknowledgement below is what ends it.
    const policy = twoLevels([10, 10], 1);
    const { pages, mocks, paged } = model(policy);
    await wf.withWorker(mocks, async (taskQueue) => {
      const handle = await start(taskQueue, policy);
      await paged(1);
      await handle.signal(escalateNowSignal);
      await paged(2);
      await handle.signal(escalationAcknowledgeSignal);
      expect(await handle.result()).toEqual({ ended: 'acknowledged' });
    });
    expect(pages.map(({ level }) => level)).toEqual([1, 2]);
    expect((pages[1] as { at: number }).at - (pages[0] as { at: number }).at).toBeLessThan(60_000);
  });

  it('hands the urgency routing chose to every page, and high to an escalation started without one', async () => {
    const policy = twoLevels([SHORT, SHORT]);
    const low = model(policy);
    await wf.withWorker(low.mocks, async (taskQueue) => {
      const handle = await start(taskQueue, policy, { urgency: 'low' });
      expect(await handle.result()).toEqual({ ended: 'exhausted' });
    });
    expect(low.pages.map(({ level, urgency }) => ({ level, urgency }))).toEqual([
      { level: 1, urgency: 'low' },
      { level: 2, urgency: 'low' },
    ]);
    const unset = model(policy);
    await wf.withWorker(unset.mocks, async (taskQueue) => {
      const handle = await start(taskQueue, policy);
      await unset.paged(1);
      await handle.signal(escalationResolveSignal);
      expect(await handle.result()).toEqual({ ended: 'resolved' });
    });
    expect(unset.pages.map(({ urgency }) => urgency)).toEqual(['high']);
  });
});
