import { randomUUID } from 'node:crypto';
import protoPackage from '@temporalio/proto';
import { Worker } from '@temporalio/worker';
import { Context } from '@temporalio/activity';
import { waitFor } from '../../dev/wait-for.ts';
import { createAlertBucketActivities } from '../../activities/alert-bucket.activities.ts';
import { createAlertTransactionStore } from '../../shared/db/access/alert-transaction.ts';
import { MAX_ALERTS_PER_BATCH, type AlertBucketInput, type AlertSignalPayload } from '../../shared/domain/ingestion.ts';
import { NO_MUTE_RULES } from '../../shared/domain/mute-rules.ts';
import type { alertBucketWorkflow } from '../../workflows/alert-bucket.workflow.ts';
import { alertsReceivedSignal } from '../../workflows/messages.ts';
import { WORKFLOWS_PATH } from '../../worker/worker.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { startWorkflowTestEnv, type ActivityMocks, type WorkflowTestEnv } from '../helpers/workflow-env.ts';
import { createIntegration } from '../helpers/webhooks.ts';
import { alertSignalOf } from '../helpers/alert-signals.ts';
import { gate } from '../helpers/gate.ts';
import { expectEndedIdle, afterFirstTimerStarted, replayIdleHistory, waitForIdleTimersFired } from '../helpers/bucket-history.ts';
import { readRecordedHistory } from '../helpers/recorded-history.ts';

const IDLE_MS = 2_000;
const IDLE_HISTORY = new URL('../fixtures/histories/alert-bucket-idle.json', import.meta.url);

/**
 * The bucket workflow on the real Temporal dev server with the real recordAlertBatch on real
 * PostgreSQL (and, where the test is about the workflow's own choices, a recording stand-in).
 */
describe('alertBucketWorkflow (real Temporal)', () => {
  let wf: WorkflowTestEnv;
  let stack: TestStack;
  let organizationId: string;
  let integrationId: string;
  let real: ReturnType<typeof createAlertBucketActivities>;

  beforeAll(async () => {
    wf = await startWorkflowTestEnv();
    stack = await startTestStack();
    const owner = await registerOwner(stack.http, 'bucket-wf');
    organizationId = owner.organization.id;
    integrationId = (await createIntegration(stack.http, owner.token, 'metrics_alerts')).id;
    real = createAlertBucketActivities({
      alertTransactions: createAlertTransactionStore(stack.orm),
      integrationLiveness: { record: () => {} },
      muteRules: { forOrganization: async () => NO_MUTE_RULES },
    });
  });
  afterAll(async () => {
    await wf?.teardown();
    await stack?.stop();
  });

  const alert = (dedupKey: string, status: 'firing' | 'resolved' = 'firing', alertId: string = randomUUID()) =>
    alertSignalOf({ organizationId, integrationId })(dedupKey, status, { severity: 'high', extra: { alertId } });
  const send = (taskQueue: string, workflowId: string, alerts: AlertSignalPayload[], extra: Partial<AlertBucketInput> = {}) =>
    wf.env.client.workflow.signalWithStart<typeof alertBucketWorkflow, [{ alerts: AlertSignalPayload[] }]>('alertBucketWorkflow', {
      taskQueue,
      workflowId,
      args: [{ organizationId, integrationId, bucket: 0, ...extra }],
      signal: alertsReceivedSignal,
      signalArgs: [{ alerts }],
    });
  const incidentsOf = (keys: string[]) =>
    stack.orm.em
      .fork()
      .getConnection()
      .execute<Array<{ fingerprint: string; status: string; alert_count: number }>>(
        'select fingerprint, status, alert_count from incidents where fingerprint in (?) order by fingerprint, created_at',
        [keys],
      );

  it('applies many keys, a duplicate and a resolve across signals, continues as new carrying nothing lost, and ends when idle', async () => {
    const keys = ['a', 'b', 'c'].map((name) => `${name}-${randomUUID().slice(0, 8)}`) as [string, string, string];
    const [a, b, c] = keys;
    const duplicate = alert(a);
    const workflowId = `alert-bucket-test-${randomUUID()}`;
    const extra = { maxHistoryEvents: 12, idleMs: 2_000 };
    const alertCount = async () => {
      const [row] = await stack.orm.em
        .fork()
        .getConnection()
        .execute<Array<{ n: number }>>('select count(*)::int as n from alerts where dedup_key in (?)', [keys]);
      return row?.n ?? 0;
    };
    await wf.withWorker({ recordAlertBatch: real.recordAlertBatch }, async (taskQueue) => {
      const signals = [
        [duplicate, alert(b), alert(a)],
        [duplicate, alert(c)],
        [alert(b, 'resolved')],
        [alert(b), alert(c)],
        [alert(a)],
        [alert(c)],
      ];
      let expected = 0;
      let firstRunId: string | undefined;
      // One signal at a time, each applied before the next: every one is its own workflow task.
      for (const alerts of signals) {
        const handle = await send(taskQueue, workflowId, alerts, extra);
        firstRunId ??= handle.signaledRunId;
        expected += new Set(alerts.map((signal) => signal.alertId)).size - (alerts.includes(duplicate) && expected > 0 ? 1 : 0);
        await waitFor('the signal applied', async () => ((await alertCount()) === expected ? true : undefined), {
          timeoutMs: 30_000,
          intervalMs: 50,
        });
      }
      // Idle for idleMs: the last run of the chain completes.
      await wf.env.client.workflow.getHandle(workflowId).result();
      const first = wf.env.client.workflow.getHandle(workflowId, firstRunId);
      expect((await first.describe()).status.name).toBe('CONTINUED_AS_NEW');
      // It continued as new at the start of a task, not in the task that ran a batch: a signal that
      // lands while a batch's transaction runs would make the server refuse the continue-as-new.
      const events = (await first.fetchHistory()).events ?? [];
      const lastTaskCompleted = events.findLastIndex((event) => event.workflowTaskCompletedEventAttributes);
      const closingTask = events.slice(lastTaskCompleted + 1);
      expect(closingTask.some((event) => event.workflowExecutionContinuedAsNewEventAttributes)).toBe(true);
      expect(closingTask.filter((event) => event.markerRecordedEventAttributes?.markerName === 'core_local_activity')).toEqual([]);
    });
    expect(await incidentsOf(keys)).toEqual([
      { fingerprint: a, status: 'active', alert_count: 3 },
      { fingerprint: b, status: 'resolved', alert_count: 1 },
      { fingerprint: b, status: 'active', alert_count: 1 },
      { fingerprint: c, status: 'active', alert_count: 3 },
    ]);
  });

  it(`bounds a batch at ${MAX_ALERTS_PER_BATCH} alerts in arrival order, and falls back to a regular activity when the local ones fail`, async () => {
    const batches: string[][] = [];
    let localAttempts = 0;
    const recordAlertBatch: NonNullable<ActivityMocks['recordAlertBatch']> = async ({ signals }) => {
      if (Context.current().info.isLocal && batches.length === 0) {
        localAttempts += 1;
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      }
      batches.push(signals.map((signal) => signal.alertId));
      return { applied: signals.length, opened: 0 };
    };
    const ids = Array.from({ length: MAX_ALERTS_PER_BATCH + 10 }, (_, index) => `a${index}`);
    await wf.withWorker({ recordAlertBatch }, async (taskQueue) => {
      const handle = await send(
        taskQueue,
        `alert-bucket-test-${randomUUID()}`,
        ids.map((id, index) => alert(`k${index % 7}`, 'firing', id)),
        { idleMs: 1_000 },
      );
      await handle.result();
    });
    expect(localAttempts).toBe(3);
    expect(batches.map((batch) => batch.length)).toEqual([MAX_ALERTS_PER_BATCH, 10]);
    expect(batches.flat()).toEqual(ids);
  });

  it("refuses alerts of another organization or integration: they never reach the bucket's transaction", async () => {
    const applied: string[] = [];
    const recordAlertBatch: NonNullable<ActivityMocks['recordAlertBatch']> = async ({ signals }) => {
      applied.push(...signals.map((signal) => signal.alertId));
      return { applied: signals.length, opened: 0 };
    };
    await wf.withWorker({ recordAlertBatch }, async (taskQueue) => {
      const handle = await send(
        taskQueue,
        `alert-bucket-test-${randomUUID()}`,
        [
          alert('k', 'firing', 'own'),
          { ...alert('k', 'firing', 'other-organization'), organizationId: randomUUID() },
          { ...alert('k', 'firing', 'other-integration'), integrationId: randomUUID() },
        ],
        { idleMs: 1_000 },
      );
      await handle.result();
    });
    expect(applied).toEqual(['own']);
  });

  it('re-arms its idle timer for the rest of the quiet period after later alerts, and does not end during a batch that outlasts the idle period', async () => {
    const workflowId = `alert-bucket-test-${randomUUID()}`;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const applied: string[] = [];
    const recordAlertBatch: NonNullable<ActivityMocks['recordAlertBatch']> = async ({ signals }) => {
      if (signals.some((signal) => signal.alertId === 'slow')) {
        // The local attempts fail, so the batch runs as a regular activity, which an idle timer can outlast.
        if (Context.current().info.isLocal) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
        await held;
      }
      applied.push(...signals.map((signal) => signal.alertId));
      return { applied: signals.length, opened: 0 };
    };
    const appliedAll = (ids: string[]) =>
      waitFor(`${ids.join(', ')} applied`, async () => (ids.every((id) => applied.includes(id)) ? true : undefined), {
        timeoutMs: 20_000,
        intervalMs: 20,
      });
    const handle = await wf.withWorker({ recordAlertBatch }, async (taskQueue) => {
      const first = await send(taskQueue, workflowId, [alert('k', 'firing', 'first')], { idleMs: IDLE_MS });
      await appliedAll(['first']);
      await afterFirstTimerStarted(first, IDLE_MS / 2);
      await send(taskQueue, workflowId, [alert('k', 'firing', 'second')], { idleMs: IDLE_MS });
      await appliedAll(['second']);
      await send(taskQueue, workflowId, [alert('k', 'firing', 'slow')], { idleMs: IDLE_MS });
      // The first timer fires, is re-armed for what is left after `second`, and fires again, all while `slow` is held.
      await waitForIdleTimersFired(first, 2).finally(release);
      await first.result();
      return wf.env.client.workflow.getHandle(workflowId, first.signaledRunId);
    });
    expect(applied).toEqual(['first', 'second', 'slow']);
    // Recorded once from this code (RECORD_HISTORIES=1), then replayed by the test below.
    await expectEndedIdle(handle, IDLE_MS, IDLE_HISTORY);
  });

  it('keeps the signals that queue behind a long batch: the server never fails the task to flush them', async () => {
    // 150 signals of 20 KB each: past both of the server's defaults (100 events, 2 MB) while one batch is held.
    const later = Array.from({ length: 150 }, (_, index) => {
      const signal = alert('k', 'firing', `later-${index}`);
      return { ...signal, alert: { ...signal.alert, description: 'x'.repeat(20_000) } };
    });
    const batchStarted = gate();
    const release = gate();
    const applied: string[] = [];
    const recordAlertBatch: NonNullable<ActivityMocks['recordAlertBatch']> = async ({ signals }) => {
      if (signals.some((signal) => signal.alertId === 'first')) {
        batchStarted.open();
        await release.opened;
      }
      applied.push(...signals.map((signal) => signal.alertId));
      return { applied: signals.length, opened: 0 };
    };
    const workflowId = `alert-bucket-test-${randomUUID()}`;
    const history = await wf.withWorker({ recordAlertBatch }, async (taskQueue) => {
      const first = await send(taskQueue, workflowId, [alert('k', 'firing', 'first')], { idleMs: 1_000 });
      await batchStarted.opened;
      try {
        for (const signal of later) await send(taskQueue, workflowId, [signal], { idleMs: 1_000 });
      } finally {
        release.open();
      }
      await first.result();
      return first.fetchHistory();
    });
    const { WorkflowTaskFailedCause } = protoPackage.temporal.api.enums.v1;
    const failedTasks = (history.events ?? []).flatMap((event) =>
      event.workflowTaskFailedEventAttributes ? [WorkflowTaskFailedCause[event.workflowTaskFailedEventAttributes.cause ?? 0]] : [],
    );
    const sent = ['first', ...later.map((signal) => signal.alertId)];
    expect({ failedTasks, missing: sent.filter((id) => !applied.includes(id)) }).toEqual({ failedTasks: [], missing: [] });
    expect(applied).toEqual(sent);
  });

  it('replays a recorded idle history (a re-armed idle timer, a batch that outlasts the idle period, the end): no non-determinism', async () => {
    await replayIdleHistory(IDLE_HISTORY, IDLE_MS);
  });

  it('replays a run recorded when buckets continued as new at 4,000 events, with batches past events 500 and 1,000: no non-determinism', async () => {
    // Recorded by 0959bba9's code (230 signals, one batch each, then idle). A replay at a lower bound
    // would continue as new where that run ran a batch.
    const history = await readRecordedHistory(new URL('../fixtures/histories/alert-bucket-run-past-1000-events.json', import.meta.url));
    const markerEventIds = history.events.flatMap((event) => (event.markerRecordedEventAttributes ? [Number(event.eventId)] : []));
    expect(history.events.length).toBeGreaterThan(1_000);
    expect(markerEventIds.filter((eventId) => eventId > 1_000).length).toBeGreaterThan(0);
    expect(history.events.some((event) => event.workflowExecutionContinuedAsNewEventAttributes)).toBe(false);
    await expect(Worker.runReplayHistory({ workflowsPath: WORKFLOWS_PATH }, history)).resolves.toBeUndefined();
  });

  it('replays a run recorded when buckets continued as new at 500 events, with batches past event 150: no non-determinism', async () => {
    // Recorded by e0e8ecb8's code (130 signals, one batch each). A replay at today's bound would
    // continue as new where that run ran a batch.
    const history = await readRecordedHistory(
      new URL('../fixtures/histories/alert-bucket-run-continued-at-500-events.json', import.meta.url),
    );
    const markerEventIds = history.events.flatMap((event) => (event.markerRecordedEventAttributes ? [Number(event.eventId)] : []));
    const continuedAt = history.events.find((event) => event.workflowExecutionContinuedAsNewEventAttributes)?.eventId;
    expect(Number(continuedAt)).toBeGreaterThanOrEqual(500);
    expect(markerEventIds.filter((eventId) => eventId > 150).length).toBeGreaterThan(10);
    await expect(Worker.runReplayHistory({ workflowsPath: WORKFLOWS_PATH }, history)).resolves.toBeUndefined();
  });

  it('continues a run as new at the first task past 150 events', async () => {
    const applied: string[] = [];
    const recordAlertBatch: NonNullable<ActivityMocks['recordAlertBatch']> = async ({ signals }) => {
      applied.push(...signals.map((signal) => signal.alertId));
      return { applied: signals.length, opened: 0 };
    };
    const workflowId = `alert-bucket-test-${randomUUID()}`;
    const firstRun = await wf.withWorker({ recordAlertBatch }, async (taskQueue) => {
      // One batch per signal: about five events each, so the first run passes 150 events at the 30th or so.
      const first = await send(taskQueue, workflowId, [alert('k', 'firing', 'signal-0')], { idleMs: 1_000 });
      for (let index = 1; index < 40; index++) {
        await send(taskQueue, workflowId, [alert('k', 'firing', `signal-${index}`)], { idleMs: 1_000 });
        await waitFor(`signal ${index} applied`, async () => (applied.includes(`signal-${index}`) ? true : undefined), {
          timeoutMs: 10_000,
          intervalMs: 5,
        });
      }
      const handle = wf.env.client.workflow.getHandle(workflowId, first.signaledRunId);
      await waitFor(
        'the first run continued as new',
        async () => ((await handle.describe()).status.name === 'CONTINUED_AS_NEW' ? true : undefined),
        { timeoutMs: 10_000, intervalMs: 20 },
      );
      return handle.fetchHistory();
    });
    const continuedAt = firstRun.events?.find((event) => event.workflowExecutionContinuedAsNewEventAttributes)?.eventId;
    expect(Number(continuedAt)).toBeGreaterThanOrEqual(150);
    expect(Number(continuedAt)).toBeLessThan(170);
    expect(applied).toEqual(Array.from({ length: 40 }, (_, index) => `signal-${index}`));
    await expect(Worker.runReplayHistory({ workflowsPath: WORKFLOWS_PATH }, firstRun)).resolves.toBeUndefined();
  });

  it('replays a recorded bucket history (keys, a duplicate, a resolve, continue-as-new): no non-determinism', async () => {
    const history = await readRecordedHistory(new URL('../fixtures/histories/alert-bucket-run.json', import.meta.url));
    expect(history.events.some((event) => event.workflowExecutionContinuedAsNewEventAttributes)).toBe(true);
    expect(history.events.filter((event) => event.workflowExecutionSignaledEventAttributes).length).toBeGreaterThan(1);
    await expect(Worker.runReplayHistory({ workflowsPath: WORKFLOWS_PATH }, history)).resolves.toBeUndefined();
  });
});
