import { randomUUID } from 'node:crypto';
import type protoPackage from '@temporalio/proto';
import { Worker } from '@temporalio/worker';
import { WORKFLOWS_PATH } from '../../worker/worker.ts';
import { waitFor } from '../../dev/wait-for.ts';
import type { PageLevelInput } from '../../activities/escalation.activities.ts';
import { createEscalateLevel, type EscalationSteps } from '../../activities/escalation-level.ts';
import type { EscalationEnd, EscalationLevel, EscalationPolicySnapshot } from '../../shared/domain/escalation.ts';
import { planMemberPages, type PageUrgency, type PlannedPage, type RuleCandidate } from '../../shared/domain/notification-rules.ts';
import { workflowIds } from '../../shared/temporal/ids.ts';
import { WorkflowNotFoundError } from '@temporalio/client';
import {
  escalateNowSignal,
  escalationAcknowledgeSignal,
  escalationResolveSignal,
  escalationStateQuery,
  reassignEscalationUpdate,
} from '../../workflows/messages.ts';
import type { escalationWorkflow } from '../../workflows/escalation.workflow.ts';
import { readRecordedHistory } from '../helpers/recorded-history.ts';
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

  /**
   * Activities over one incident whose status and assignee the test may change, and members whose
   * notification rules are planned by the real planner. `failing` methods fail their pages.
   */
  function model(policy: EscalationPolicySnapshot, rules: Record<string, RuleCandidate[]> = {}, failing: string[] = []) {
    const incident = { status: 'active', assignee_id: null as string | null };
    const pages: Array<PageLevelInput & { userIds: string[]; at: number }> = [];
    const urgencies: PageUrgency[] = [];
    const mocks: ActivityMocks = {
      planEscalationPages: async ({ userIds, urgency }: { userIds: string[]; urgency: PageUrgency }) => {
        urgencies.push(urgency);
        return userIds.flatMap((userId) => planMemberPages(userId, rules[userId] ?? [], urgency));
      },
      loadEscalationPolicy: async () => policy,
      resolveEscalationTargets: async ({ targets }: { targets: EscalationLevel['targets'] }) => {
        if (incident.status === 'resolved') return { end: 'resolved' as EscalationEnd, userIds: [] };
        if (incident.status !== 'active' || incident.assignee_id) return { end: 'acknowledged' as EscalationEnd, userIds: [] };
        return { end: null, userIds: targets.map((target) => target.id) };
      },
      pageEscalationTargets: async (input: PageLevelInput) => {
        const batch = input.pages ?? [];
        pages.push({ ...input, userIds: batch.map((page) => page.userId), at: Date.now() });
        const failed = batch.filter((page) => failing.includes(page.contactMethodId ?? '')).length;
        return { sent: batch.length - failed, failed, skipped: 0 };
      },
    };
    // The one-step level the workflow runs is the real composition of the modelled steps.
    mocks.escalateLevel = createEscalateLevel(mocks as EscalationSteps);
    const paged = (count: number) =>
      waitFor(`${count} batches paged`, async () => (pages.length >= count ? pages : undefined), { timeoutMs: 20_000, intervalMs: 20 });
    return { incident, pages, urgencies, mocks, paged };
  }

  const start = (
    taskQueue: string,
    policy: EscalationPolicySnapshot | null,
    urgency?: PageUrgency,
    next: { incidentId?: string; cycle?: number; assigneeId?: string } = {},
  ) => {
    const incidentId = next.incidentId ?? randomUUID();
    return wf.env.client.workflow.start<typeof escalationWorkflow>('escalationWorkflow', {
      taskQueue,
      workflowId: workflowIds.escalation(incidentId, next.cycle),
      args: [
        {
          organizationId: randomUUID(),
          incidentId,
          policyId: policy?.id ?? null,
          publicUrl: 'https://tocsin.example.test',
          urgency,
          ...(next.cycle ? { cycle: next.cycle } : {}),
          ...(next.assigneeId ? { assigneeId: next.assigneeId } : {}),
        },
      ],
    });
  };

  it('pages level 1, then level 2 after its delay when nobody acknowledges, then ends', async () => {
    const policy = twoLevels([SHORT, SHORT]);
    const { pages, mocks, paged } = model(policy);
    await wf.withWorker(mocks, async (taskQueue) => {
      const handle = await start(taskQueue, policy);
      await paged(1);
      // The level's due time is set once the workflow has the page's result, a task after the page.
      const waiting = await waitFor(
        'level 2 due',
        async () => {
          const state = await handle.query(escalationStateQuery);
          return state.next_escalation_at ? state : undefined;
        },
        { timeoutMs: 10_000, intervalMs: 20 },
      );
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

  it('takes over from a level 1 the relay paged: no level-1 step, level 2 due from when level 1 was paged', async () => {
    const policy = twoLevels([SHORT, SHORT]);
    const { pages, mocks, paged } = model(policy);
    let policyLoads = 0;
    const loadEscalationPolicy = mocks.loadEscalationPolicy as () => Promise<EscalationPolicySnapshot>;
    mocks.loadEscalationPolicy = async () => {
      policyLoads += 1;
      return loadEscalationPolicy();
    };
    mocks.escalateLevel = createEscalateLevel(mocks as EscalationSteps);
    // Paged a second before the workflow starts (the relay's batch): its delay counts from then.
    const pagedAt = Date.now() - 1_000;
    await wf.withWorker(mocks, async (taskQueue) => {
      const incidentId = randomUUID();
      const handle = await wf.env.client.workflow.start<typeof escalationWorkflow>('escalationWorkflow', {
        taskQueue,
        workflowId: workflowIds.escalation(incidentId),
        args: [
          {
            organizationId: randomUUID(),
            incidentId,
            policyId: policy.id,
            publicUrl: 'https://tocsin.example.test',
            firstLevel: { policy, pagedAt, later: [] },
          },
        ],
      });
      await waitFor('level 1 waiting', async () => ((await handle.query(escalationStateQuery)).next_escalation_at ? true : undefined), {
        timeoutMs: 10_000,
        intervalMs: 20,
      });
      expect(Date.parse((await handle.query(escalationStateQuery)).next_escalation_at as string)).toBe(pagedAt + SHORT * 60_000);
      await paged(1);
      expect(await handle.result()).toEqual({ ended: 'exhausted' });
    });
    // Only level 2 went through the workflow's activities; the policy came with the input.
    expect(pages.map(({ round, level, userIds }) => ({ round, level, userIds }))).toEqual([{ round: 1, level: 2, userIds: ['u2'] }]);
    expect(policyLoads).toBe(0);
    expect((pages[0] as { at: number }).at).toBeGreaterThanOrEqual(pagedAt + SHORT * 60_000);
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

  it('escalate-now during a delayed start (a group waiting) pages level 1 at once, and level 2 still after its delay', async () => {
    const policy = twoLevels([SHORT, SHORT]);
    const { pages, mocks, paged } = model(policy);
    await wf.withWorker(mocks, async (taskQueue) => {
      const incidentId = randomUUID();
      const options = {
        taskQueue,
        workflowId: workflowIds.escalation(incidentId),
        args: [{ organizationId: randomUUID(), incidentId, policyId: policy.id, publicUrl: 'https://tocsin.example.test' }] as Parameters<
          typeof escalationWorkflow
        >,
      };
      await wf.env.client.workflow.start<typeof escalationWorkflow>('escalationWorkflow', { ...options, startDelay: '1 hour' });
      // What the API's escalate-now sends: a signal-with-start, which dispatches the delayed task.
      const handle = await wf.env.client.workflow.signalWithStart<typeof escalationWorkflow, []>('escalationWorkflow', {
        ...options,
        signal: escalateNowSignal,
        signalArgs: [],
      });
      await paged(1);
      const after = await waitFor(
        'level 2 due, or paged',
        async () => {
          const state = await handle.query(escalationStateQuery);
          return state.next_escalation_at || state.level === 2 ? state : undefined;
        },
        { timeoutMs: 10_000, intervalMs: 20 },
      );
      expect(after).toMatchObject({ level: 1, round: 1, ended: null });
      expect(await handle.result()).toEqual({ ended: 'exhausted' });
    });
    expect(pages.map(({ level }) => level)).toEqual([1, 2]);
    expect((pages[1] as { at: number }).at - (pages[0] as { at: number }).at).toBeGreaterThanOrEqual(2_900);
  });

  // u1's rules: email at once for any urgency, a webhook 3 s later for high urgency only, and an unverified webhook.
  const u1Rules: RuleCandidate[] = [
    { rule_id: 'r-mail', contact_method_id: 'm-mail', method: 'email', verified: true, delay_minutes: 0, urgency: 'any' },
    { rule_id: 'r-hook', contact_method_id: 'm-hook', method: 'webhook', verified: true, delay_minutes: SHORT, urgency: 'high' },
    { rule_id: 'r-unverified', contact_method_id: 'm-unverified', method: 'email', verified: false, delay_minutes: 0, urgency: 'any' },
  ];
  const batchesOf = (pages: Array<PageLevelInput & { at: number }>) =>
    pages.map(({ level, pages: batch }) => ({ level, rules: (batch ?? []).map((page: PlannedPage) => page.ruleId) }));

  it('pages each target through their rules: each rule at page time + its delay, unverified methods never; level 2 at its own delay', async () => {
    // Level 1 waits 6 s, longer than u1's webhook rule (3 s): that rule fires during the wait.
    const policy = twoLevels([SHORT * 2, SHORT]);
    const { pages, urgencies, mocks } = model(policy, { u1: u1Rules });
    await wf.withWorker(mocks, async (taskQueue) => {
      expect(await (await start(taskQueue, policy)).result()).toEqual({ ended: 'exhausted' });
    });
    expect(urgencies).toEqual(['high', 'high']);
    expect(batchesOf(pages)).toEqual([
      { level: 1, rules: ['r-mail'] },
      { level: 1, rules: ['r-hook'] },
      // u2 has no rules: the default page (account email at once).
      { level: 2, rules: [null] },
    ]);
    const [mail, hook, level2] = pages.map((page) => page.at) as [number, number, number];
    // The rule's 3 s count from the page time, a moment before the first batch's activity starts.
    expect(hook - mail).toBeGreaterThanOrEqual(2_500);
    expect(level2 - mail).toBeGreaterThanOrEqual(5_900);
  });

  it('a low-urgency page goes by email rules only', async () => {
    const policy = twoLevels([SHORT, SHORT]);
    const { pages, urgencies, mocks } = model(policy, { u1: u1Rules });
    await wf.withWorker(mocks, async (taskQueue) => {
      expect(await (await start(taskQueue, policy, 'low')).result()).toEqual({ ended: 'exhausted' });
    });
    expect(urgencies).toEqual(['low', 'low']);
    expect(batchesOf(pages)).toEqual([
      { level: 1, rules: ['r-mail'] },
      { level: 2, rules: [null] },
    ]);
  });

  it('a delayed rule of the last level still pages before the escalation ends, and an acknowledgement cancels a rule not yet due', async () => {
    const policy: EscalationPolicySnapshot = {
      id: randomUUID(),
      name: 'one level',
      levels: [{ targets: [{ type: 'user', id: 'u1' }], delay_minutes: SHORT }],
      repeat: 0,
    };
    const delayed = model(policy, { u1: u1Rules });
    await wf.withWorker(delayed.mocks, async (taskQueue) => {
      expect(await (await start(taskQueue, policy)).result()).toEqual({ ended: 'exhausted' });
    });
    expect(batchesOf(delayed.pages)).toEqual([
      { level: 1, rules: ['r-mail'] },
      { level: 1, rules: ['r-hook'] },
    ]);

    const longRules: RuleCandidate[] = [{ ...(u1Rules[0] as RuleCandidate) }, { ...(u1Rules[1] as RuleCandidate), delay_minutes: 10 }];
    const acknowledged = model(policy, { u1: longRules });
    await wf.withWorker(acknowledged.mocks, async (taskQueue) => {
      const handle = await start(taskQueue, policy);
      await acknowledged.paged(1);
      await handle.signal(escalationAcknowledgeSignal);
      expect(await handle.result()).toEqual({ ended: 'acknowledged' });
    });
    expect(batchesOf(acknowledged.pages)).toEqual([{ level: 1, rules: ['r-mail'] }]);
  });

  it('a failed webhook page does not stop the chain: the next level is paged at its delay', async () => {
    const policy = twoLevels([SHORT, SHORT]);
    const hookAtOnce: RuleCandidate[] = [{ ...(u1Rules[1] as RuleCandidate), delay_minutes: 0 }];
    const { pages, mocks } = model(policy, { u1: hookAtOnce }, ['m-hook']);
    await wf.withWorker(mocks, async (taskQueue) => {
      expect(await (await start(taskQueue, policy)).result()).toEqual({ ended: 'exhausted' });
    });
    expect(batchesOf(pages)).toEqual([
      { level: 1, rules: ['r-hook'] },
      { level: 2, rules: [null] },
    ]);
  });

  it('answers a reassignment while a level is still paging, and runs each level as one regular activity', async () => {
    const policy = twoLevels([SHORT, SHORT]);
    const { mocks } = model(policy);
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let paging = false;
    const escalateLevel = createEscalateLevel(mocks as EscalationSteps);
    // A slow page (a webhook contact method that takes its time to answer).
    mocks.escalateLevel = async (input: Parameters<typeof escalateLevel>[0]) => {
      paging = true;
      await released;
      return escalateLevel(input);
    };
    await wf.withWorker(mocks, async (taskQueue) => {
      const handle = await start(taskQueue, policy);
      await waitFor('level 1 paging', async () => (paging ? true : undefined), { timeoutMs: 20_000, intervalMs: 20 });
      const answered = handle.executeUpdate(reassignEscalationUpdate);
      // A level run inside the workflow task (a local activity) holds the update until the send ends.
      const first = await Promise.race([
        answered.then(() => 'answered'),
        new Promise((resolve) => setTimeout(resolve, 6_000, 'timed out')),
      ]);
      release();
      expect(first).toBe('answered');
      expect(await answered).toMatchObject({ ended: 'reassigned', level: 1, round: 1 });
      expect(await handle.result()).toEqual({ ended: 'reassigned' });
      const history = await handle.fetchHistory();
      expect(localActivities(history)).toBe(0);
      expect(scheduled(history, 'escalateLevel')).toBe(1);
      // This run's own history replays on today's code.
      await expect(Worker.runReplayHistory({ workflowsPath: WORKFLOWS_PATH }, history)).resolves.toBeUndefined();
    });
  });

  // Recorded from each shape the workflow has had: a two-level chain to its end, and one acknowledged
  // while level 1 waited. Before notification rules and with them, each level was four activities
  // through the server; one-step levels run one local activity (a marker in the history).
  const localActivities = (history: protoPackage.temporal.api.history.v1.IHistory) =>
    (history.events ?? []).filter((event) => event.markerRecordedEventAttributes?.markerName === 'core_local_activity').length;
  const scheduled = (history: protoPackage.temporal.api.history.v1.IHistory, name: string) =>
    (history.events ?? []).filter((event) => event.activityTaskScheduledEventAttributes?.activityType?.name === name).length;
  it.each([
    ['before-rules', 'exhausted'],
    ['before-rules', 'acknowledged'],
    ['rules', 'exhausted'],
    ['rules', 'acknowledged'],
    ['one-step', 'exhausted'],
    ['one-step', 'acknowledged'],
  ])('replays an escalation of the %s shape (%s): running escalations survive the deploy', async (shape, name) => {
    const history = await readRecordedHistory(new URL(`../fixtures/histories/escalation-${shape}-${name}.json`, import.meta.url));
    // Each fixture is of the shape it is named after.
    expect(scheduled(history, 'pageEscalationTargets') > 0).toBe(shape !== 'one-step');
    expect(scheduled(history, 'planEscalationPages') > 0).toBe(shape === 'rules');
    expect(localActivities(history) > 0).toBe(shape === 'one-step');
    await expect(Worker.runReplayHistory({ workflowsPath: WORKFLOWS_PATH }, history)).resolves.toBeUndefined();
  });

  it('replays an escalation an escalate-now woke from a delayed start before it paged level 1 only: level 2 came right after', async () => {
    const history = await readRecordedHistory(
      new URL('../fixtures/histories/escalation-escalate-now-before-level-1.json', import.meta.url),
    );
    // Both levels, with no timer between them.
    expect(scheduled(history, 'escalateLevel')).toBe(2);
    expect((history.events ?? []).some((event) => event.timerStartedEventAttributes)).toBe(false);
    await expect(Worker.runReplayHistory({ workflowsPath: WORKFLOWS_PATH }, history)).resolves.toBeUndefined();
  });

  it('hands the urgency routing chose to every page, and high to an escalation started without one', async () => {
    const policy = twoLevels([SHORT, SHORT]);
    const low = model(policy);
    await wf.withWorker(low.mocks, async (taskQueue) => {
      const handle = await start(taskQueue, policy, 'low');
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

  it('a reassignment ends the running escalation (`reassigned`), answering where it stood; one that has ended cannot be', async () => {
    const policy = twoLevels([10, 10]);
    const { pages, mocks, paged } = model(policy);
    await wf.withWorker(mocks, async (taskQueue) => {
      const handle = await start(taskQueue, policy);
      await paged(1);
      const stood = await handle.executeUpdate(reassignEscalationUpdate);
      expect(stood).toMatchObject({ policy_id: policy.id, round: 1, level: 1, ended: 'reassigned', next_escalation_at: null });
      expect(await handle.result()).toEqual({ ended: 'reassigned' });
    });
    expect(pages.map(({ level }) => level)).toEqual([1]);

    // An escalation that has ended cannot be reassigned (the API then starts the new cycle alone).
    const second = model(policy);
    await wf.withWorker(second.mocks, async (taskQueue) => {
      const handle = await start(taskQueue, policy);
      await second.paged(1);
      await handle.signal(escalationAcknowledgeSignal);
      expect(await handle.result()).toEqual({ ended: 'acknowledged' });
      await expect(handle.executeUpdate(reassignEscalationUpdate)).rejects.toBeInstanceOf(WorkflowNotFoundError);
    });
  });

  it('reassigned to a person: the next cycle pages only them, through their rules, at once; acknowledging cancels their delayed rule', async () => {
    const incidentId = randomUUID();
    const rules: RuleCandidate[] = [{ ...(u1Rules[0] as RuleCandidate) }, { ...(u1Rules[1] as RuleCandidate), delay_minutes: 10 }];
    const { pages, mocks, paged } = model(twoLevels([10, 10]), { u9: rules });
    let loaded = 0;
    mocks.loadEscalationPolicy = async () => {
      loaded += 1;
      return null;
    };
    await wf.withWorker(mocks, async (taskQueue) => {
      const handle = await start(taskQueue, null, 'high', { incidentId, cycle: 2, assigneeId: 'u9' });
      expect(handle.workflowId).toBe(`escalation:${incidentId}:2`);
      await paged(1);
      expect(await handle.query(escalationStateQuery)).toMatchObject({ policy_id: null, level: 1, round: 1, ended: null });
      await handle.signal(escalationAcknowledgeSignal);
      expect(await handle.result()).toEqual({ ended: 'acknowledged' });
    });
    expect(loaded).toBe(0);
    expect(
      pages.map(({ cycle, round, level, assigneeId, policyId, pages: batch }) => ({ cycle, round, level, assigneeId, policyId, batch })),
    ).toEqual([
      {
        cycle: 2,
        round: 1,
        level: 1,
        assigneeId: 'u9',
        policyId: null,
        batch: [expect.objectContaining({ userId: 'u9', ruleId: 'r-mail' })],
      },
    ]);
  });

  it('reassigned to a policy: the next cycle escalates on it from level 1, its pages carrying the cycle', async () => {
    const incidentId = randomUUID();
    // A second round keeps it waiting after level 2, so the reassignment is what ends it.
    const first = twoLevels([10, 10], 1);
    const old = model(first);
    await wf.withWorker(old.mocks, async (taskQueue) => {
      const handle = await start(taskQueue, first, 'high', { incidentId });
      await old.paged(1);
      await handle.signal(escalateNowSignal);
      await old.paged(2);
      expect(await handle.executeUpdate(reassignEscalationUpdate)).toMatchObject({ level: 2, round: 1, ended: 'reassigned' });
      expect(await handle.result()).toEqual({ ended: 'reassigned' });
    });
    const other: EscalationPolicySnapshot = {
      id: randomUUID(),
      name: 'other',
      levels: [
        { targets: [{ type: 'user', id: 'u7' }], delay_minutes: SHORT },
        { targets: [{ type: 'user', id: 'u8' }], delay_minutes: SHORT },
      ],
      repeat: 0,
    };
    const next = model(other);
    await wf.withWorker(next.mocks, async (taskQueue) => {
      const handle = await start(taskQueue, other, 'high', { incidentId, cycle: 2 });
      expect(await handle.result()).toEqual({ ended: 'exhausted' });
    });
    expect(old.pages.map(({ cycle, round, level }) => [cycle, round, level])).toEqual([
      [1, 1, 1],
      [1, 1, 2],
    ]);
    expect(next.pages.map(({ cycle, round, level, policyId, userIds }) => ({ cycle, round, level, policyId, userIds }))).toEqual([
      { cycle: 2, round: 1, level: 1, policyId: other.id, userIds: ['u7'] },
      { cycle: 2, round: 1, level: 2, policyId: other.id, userIds: ['u8'] },
    ]);
  });
});
