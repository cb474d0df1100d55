import { randomUUID } from 'node:crypto';
import { waitFor } from '../../dev/wait-for.ts';
import { escalationWaitKey, HAND_OFF_LEAD_MS, waitSize, type WaitingEscalation } from '../../shared/domain/escalation-waits.ts';
import { createWaitedEscalationStarter, type WaitedEscalationStart } from '../../shared/temporal/escalation-starts.ts';
import { waitingState } from '../../shared/temporal/escalation-messages.ts';
import { pagingTaskQueue, workflowIds } from '../../shared/temporal/ids.ts';
import type { EscalationInput } from '../../workflows/escalation.workflow.ts';
import type { escalationWaitsWorkflow } from '../../workflows/escalation-waits.workflow.ts';
import { escalationsWaitingSignal, waitingEscalationQuery, waitingEscalationUpdate } from '../../workflows/messages.ts';
import { startWorkflowTestEnv, type ActivityMocks, type WorkflowTestEnv } from '../helpers/workflow-env.ts';

type Waiting = WaitingEscalation<EscalationInput>;

/**
 * The bucket alone: its start activity records what it was asked (the real starts, and the
 * escalations they run, are covered end to end by test/api/escalation.int.test.ts and
 * test/worker/outbox/first-level.int.test.ts).
 */
describe('escalationWaitsWorkflow (real Temporal, modelled start activity)', () => {
  let wf: WorkflowTestEnv;
  beforeAll(async () => {
    wf = await startWorkflowTestEnv();
  });
  afterAll(async () => {
    await wf?.teardown();
  });

  const organizationId = randomUUID();
  const policyId = randomUUID();
  const waiting = (wakeInMs: number, options: { organization?: string; incidentId?: string } = {}): Waiting => {
    const wakeAt = Date.now() + wakeInMs;
    return {
      input: {
        organizationId: options.organization ?? organizationId,
        incidentId: options.incidentId ?? randomUUID(),
        policyId,
        publicUrl: 'https://tocsin.example.test',
        firstLevel: { pagedAt: Date.now(), later: [] },
      },
      wakeAt,
      state: { policy_id: policyId, level: 1, round: 1, next_escalation_at: new Date(wakeAt).toISOString(), ended: null },
    };
  };
  const keyOf = (entry: Waiting) => escalationWaitKey(entry.input.incidentId, entry.input.cycle ?? 1);

  /** The start activity, recording each escalation it was asked to start; `gate` holds it until released. */
  function model(gate?: Promise<void>) {
    const started: Array<WaitedEscalationStart & { at: number }> = [];
    let calls = 0;
    const mocks: ActivityMocks = {
      startWaitedEscalations: async ({ escalations }: { taskQueue: string; escalations: WaitedEscalationStart[] }) => {
        calls += 1;
        if (gate) await gate;
        for (const escalation of escalations) started.push({ ...escalation, at: Date.now() });
      },
    };
    return { started, mocks, calls: () => calls };
  }

  const hold = async (
    taskQueue: string,
    entries: Waiting[],
    extra: { maxHistoryEvents?: number; maxHeldBytes?: number; workflowId?: string } = {},
  ) => {
    const workflowId = extra.workflowId ?? `escalation-waits:${organizationId}:${randomUUID()}`;
    return wf.env.client.workflow.signalWithStart<typeof escalationWaitsWorkflow, [{ entries: WaitingEscalation[] }]>(
      'escalationWaitsWorkflow',
      {
        taskQueue,
        workflowId,
        args: [
          {
            organizationId,
            bucket: 0,
            taskQueue,
            ...(extra.maxHistoryEvents ? { maxHistoryEvents: extra.maxHistoryEvents } : {}),
            ...(extra.maxHeldBytes ? { maxHeldBytes: extra.maxHeldBytes } : {}),
          },
        ],
        signal: escalationsWaitingSignal,
        signalArgs: [{ entries }],
      },
    );
  };

  it('hands each escalation it holds on as a delayed start a little before its wake, soonest first and once; another organization’s is refused', async () => {
    const { started, mocks } = model();
    await wf.withWorker(mocks, async (taskQueue) => {
      const later = waiting(HAND_OFF_LEAD_MS + 1_500);
      const sooner = waiting(HAND_OFF_LEAD_MS + 500);
      const stranger = waiting(HAND_OFF_LEAD_MS, { organization: randomUUID() });
      const handle = await hold(taskQueue, [later, sooner, stranger]);
      // The same escalations again (a relay batch replayed after a crash): held once.
      await handle.signal(escalationsWaitingSignal, { entries: [sooner, later] });
      expect(await handle.query(waitingEscalationQuery, keyOf(later))).toEqual({ waiting: later.state });
      await waitFor('both started', async () => (started.length >= 2 ? started : undefined), { timeoutMs: 20_000, intervalMs: 50 });
      expect(started.map((entry) => entry.input.incidentId)).toEqual([sooner.input.incidentId, later.input.incidentId]);
      expect(started[0]?.at).toBeGreaterThanOrEqual(sooner.wakeAt - HAND_OFF_LEAD_MS);
      expect(started[1]?.at).toBeGreaterThanOrEqual(later.wakeAt - HAND_OFF_LEAD_MS);
      expect(started[1]?.at).toBeLessThan(later.wakeAt);
      // Started with its whole input, where it stood (its memo until its first task) and its wake (its start delay).
      expect(started[1]).toMatchObject({ input: later.input, state: later.state, wakeAt: later.wakeAt });
      expect(started[1]?.escalateNow).toBeUndefined();
      expect(await handle.query(waitingEscalationQuery, keyOf(later))).toEqual({ started: true });
      expect(await handle.query(waitingEscalationQuery, keyOf(stranger))).toBeNull();
      // A started one signalled again (a late replay) is not held again.
      await handle.signal(escalationsWaitingSignal, { entries: [{ ...later, wakeAt: Date.now() }] });
      expect(await handle.query(waitingEscalationQuery, keyOf(later))).toEqual({ started: true });
      expect(started).toHaveLength(2);
    });
  });

  it('an acknowledgement, resolution or reassignment ends a waiting escalation there, answering where it stood; nothing starts', async () => {
    const { started, mocks, calls } = model();
    await wf.withWorker(mocks, async (taskQueue) => {
      const entries = [waiting(60_000), waiting(60_000), waiting(60_000)];
      const handle = await hold(taskQueue, entries);
      const messages = ['acknowledged', 'resolved', 'reassigned'] as const;
      for (const [n, message] of messages.entries()) {
        const entry = entries[n] as Waiting;
        const answer = await handle.executeUpdate(waitingEscalationUpdate, { args: [{ key: keyOf(entry), message }] });
        expect(answer).toEqual({ held: true, state: { ...entry.state, ended: message, next_escalation_at: null } });
        expect(await handle.query(waitingEscalationQuery, keyOf(entry))).toEqual({ ended: message });
        // Asked again: it ended there.
        expect(await handle.executeUpdate(waitingEscalationUpdate, { args: [{ key: keyOf(entry), message: 'escalate_now' }] })).toEqual({
          held: false,
          ended: message,
        });
      }
      // An escalation it never held.
      expect(
        await handle.executeUpdate(waitingEscalationUpdate, { args: [{ key: escalationWaitKey(randomUUID()), message: 'acknowledged' }] }),
      ).toEqual({
        held: false,
      });
      // An ended one signalled again is not held again.
      await handle.signal(escalationsWaitingSignal, { entries: [{ ...(entries[0] as Waiting), wakeAt: Date.now() }] });
      expect(await handle.query(waitingEscalationQuery, keyOf(entries[0] as Waiting))).toEqual({ ended: 'acknowledged' });
      expect(started).toEqual([]);
      expect(calls()).toBe(0);
    });
  });

  it('escalate-now starts a waiting escalation at once with the signal; asked again, it answers that it started', async () => {
    const { started, mocks } = model();
    await wf.withWorker(mocks, async (taskQueue) => {
      const entry = waiting(60_000);
      const handle = await hold(taskQueue, [entry]);
      const answer = await handle.executeUpdate(waitingEscalationUpdate, { args: [{ key: keyOf(entry), message: 'escalate_now' }] });
      expect(answer).toEqual({ held: true, state: entry.state });
      expect(started).toEqual([expect.objectContaining({ input: entry.input, escalateNow: true })]);
      expect(await handle.executeUpdate(waitingEscalationUpdate, { args: [{ key: keyOf(entry), message: 'acknowledged' }] })).toEqual({
        held: false,
        started: true,
      });
    });
  });

  it('a message for an escalation being started is answered once it runs: started, for the sender to find its workflow', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { started, mocks, calls } = model(gate);
    await wf.withWorker(mocks, async (taskQueue) => {
      const entry = waiting(0);
      const handle = await hold(taskQueue, [entry]);
      await waitFor('the start asked for', async () => (calls() > 0 ? true : undefined), { timeoutMs: 20_000, intervalMs: 20 });
      // Meanwhile it still answers where it stood.
      expect(await handle.query(waitingEscalationQuery, keyOf(entry))).toEqual({ waiting: entry.state });
      const answer = handle.executeUpdate(waitingEscalationUpdate, { args: [{ key: keyOf(entry), message: 'acknowledged' }] });
      let answered = false;
      void answer.then(() => (answered = true));
      expect(await handle.query(waitingEscalationQuery, keyOf(entry))).toEqual({ waiting: entry.state });
      expect(answered).toBe(false);
      release();
      expect(await answer).toEqual({ held: false, started: true });
      expect(started).toHaveLength(1);
    });
  });

  it('holds at most its bound: the escalations due last wait as delayed starts of their own, until their wake', async () => {
    const { started, mocks } = model();
    await wf.withWorker(mocks, async (taskQueue) => {
      const [soon, middle, last] = [waiting(60_000), waiting(120_000), waiting(180_000)];
      // Room for two of them (each weighs its JSON).
      const handle = await hold(taskQueue, [middle, soon], { maxHeldBytes: waitSize(soon) + waitSize(middle) + 10 });
      expect(started).toEqual([]);
      await handle.signal(escalationsWaitingSignal, { entries: [last] });
      await waitFor('the one over the bound handed on', async () => (started.length > 0 ? started : undefined), {
        timeoutMs: 20_000,
        intervalMs: 20,
      });
      expect(started).toEqual([expect.objectContaining({ input: last.input, state: last.state, wakeAt: last.wakeAt })]);
      expect(await handle.query(waitingEscalationQuery, keyOf(last))).toEqual({ started: true });
      expect(await handle.query(waitingEscalationQuery, keyOf(soon))).toEqual({ waiting: soon.state });
      expect(await handle.query(waitingEscalationQuery, keyOf(middle))).toEqual({ waiting: middle.state });
    });
  });

  it('continues as new carrying the escalations it holds and the ones that ended there', async () => {
    const { started, mocks } = model();
    await wf.withWorker(mocks, async (taskQueue) => {
      const ended = waiting(60_000);
      const due = waiting(HAND_OFF_LEAD_MS + 3_000);
      const handle = await hold(taskQueue, [ended, due], { maxHistoryEvents: 12 });
      await handle.executeUpdate(waitingEscalationUpdate, { args: [{ key: keyOf(ended), message: 'acknowledged' }] });
      const firstRun = (await handle.describe()).runId;
      // Signals until the run is long: each costs a few events.
      for (let n = 0; n < 6; n++) await handle.signal(escalationsWaitingSignal, { entries: [waiting(60_000)] });
      await waitFor('a new run', async () => ((await handle.describe()).runId !== firstRun ? true : undefined), {
        timeoutMs: 20_000,
        intervalMs: 50,
      });
      expect(await handle.query(waitingEscalationQuery, keyOf(ended))).toEqual({ ended: 'acknowledged' });
      await waitFor('the carried one started when due', async () => (started.length > 0 ? started : undefined), {
        timeoutMs: 20_000,
        intervalMs: 50,
      });
      expect(started.map((entry) => entry.input.incidentId)).toEqual([due.input.incidentId]);
      expect(started[0]?.at).toBeGreaterThanOrEqual(due.wakeAt - HAND_OFF_LEAD_MS);
    });
  });
});

describe('createWaitedEscalationStarter (real Temporal, no worker)', () => {
  let wf: WorkflowTestEnv;
  beforeAll(async () => {
    wf = await startWorkflowTestEnv();
  });
  afterAll(async () => {
    await wf?.teardown();
  });

  const input = (): EscalationInput => ({
    organizationId: randomUUID(),
    incidentId: randomUUID(),
    policyId: randomUUID(),
    publicUrl: 'https://tocsin.example.test',
  });
  const state = { policy_id: null, level: 1, round: 1, next_escalation_at: null, ended: null };

  it('starts each escalation once; one handed on with its wake waits as a delayed start carrying its state; an escalate-now reaches one that runs', async () => {
    const client = wf.env.client;
    const start = createWaitedEscalationStarter(client);
    const taskQueue = `starter-${randomUUID()}`;
    const [now, later] = [input(), input()];
    const wakeAt = Date.now() + 3_600_000;
    await start(taskQueue, [
      { input: now, state },
      { input: later, state, wakeAt },
    ]);
    // Again (a retried activity): refused as duplicates, quietly.
    await start(taskQueue, [
      { input: now, state },
      { input: later, state, wakeAt },
    ]);
    const [started, delayed] = await Promise.all(
      [now, later].map((escalation) => client.workflow.getHandle(workflowIds.escalation(escalation.incidentId)).describe()),
    );
    expect(started?.status.name).toBe('RUNNING');
    expect(started?.taskQueue).toBe(pagingTaskQueue(taskQueue));
    expect(waitingState(delayed as never)).toEqual(state);
    expect(Math.abs((delayed?.executionTime as Date).getTime() - wakeAt)).toBeLessThan(2_000);
    await start(taskQueue, [{ input: now, state, escalateNow: true }]);
    const history = await client.workflow.getHandle(workflowIds.escalation(now.incidentId)).fetchHistory();
    expect(history.events?.filter((event) => event.workflowExecutionSignaledEventAttributes?.signalName === 'escalateNow')).toHaveLength(1);
    expect(history.events?.filter((event) => event.workflowExecutionStartedEventAttributes)).toHaveLength(1);
  });
});
