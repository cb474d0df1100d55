import { randomUUID } from 'node:crypto';
import { Worker } from '@temporalio/worker';
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { waitFor } from '../../dev/wait-for.ts';
import { MAX_ALERTS_PER_BATCH, type AlertSignalPayload, type AutoResolveResult } from '../../shared/domain/ingestion.ts';
import type { alertIngestionWorkflow } from '../../workflows/alert-ingestion.workflow.ts';
import { INCIDENT_ID } from '../../shared/domain/search-attributes.ts';
import { workflowSearchAttributes } from '../../shared/temporal/ids.ts';
import { alertReceivedSignal, alertsReceivedSignal, incidentResolvedSignal } from '../../workflows/messages.ts';
import { WORKFLOWS_PATH } from '../../worker/worker.ts';
import { alertSignalOf } from '../helpers/alert-signals.ts';
import { readRecordedHistory } from '../helpers/recorded-history.ts';
import { startWorkflowTestEnv, type ActivityMocks, type WorkflowTestEnv } from '../helpers/workflow-env.ts';

type Call = { ids: string[]; incidentId: string | null; newIncidentId?: string };

const ORG = randomUUID();
const INTEGRATION = randomUUID();

const signalOf = alertSignalOf({ organizationId: ORG, integrationId: INTEGRATION });
/** An alert of `dedupKey` under the id the recorded calls name it by. */
const alert = (id: string, status: 'firing' | 'resolved', dedupKey: string) => signalOf(dedupKey, status, { extra: { alertId: id } });

/**
 * The workflow on the real Temporal dev server, with recordAlerts (the database port, not what
 * these tests are about) replaced by a model of it: firing alerts open `inc-<n>` or keep the open
 * one, a resolved alert closes it. Every call is recorded.
 */
describe('alertIngestionWorkflow (real Temporal, modelled activities)', () => {
  let wf: WorkflowTestEnv;
  beforeAll(async () => {
    wf = await startWorkflowTestEnv();
  });
  afterAll(async () => {
    await wf?.teardown();
  });

  /**
   * `failLocal`: every local attempt fails as a database outage would, regular ones (the fallback) succeed.
   * `autoResolve`: the organization's auto-resolve delay for new incidents, and autoResolveIncident's answers in turn.
   */
  async function withWorker<T>(
    calls: Call[],
    body: (taskQueue: string) => Promise<T>,
    options: { failLocal?: { attempts: number }; autoResolve?: { afterMs: number; answers: AutoResolveResult[]; calls: unknown[] } } = {},
  ): Promise<T> {
    let opened = 0;
    const recordAlerts: NonNullable<ActivityMocks['recordAlerts']> = async (input) => {
      if (options.failLocal && Context.current().info.isLocal) {
        options.failLocal.attempts += 1;
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      }
      calls.push({ ids: input.signals.map((signal) => signal.alertId), incidentId: input.incidentId, newIncidentId: input.newIncidentId });
      let incidentId = input.incidentId;
      let created = false;
      for (const signal of input.signals) {
        if (signal.alert.status === 'resolved') incidentId = null;
        else if (incidentId === null) {
          if (!created && input.newIncidentId) incidentId = input.newIncidentId;
          else incidentId = `inc-${(opened += 1)}`;
          created = true;
        }
      }
      return { incidentId, created, autoResolveAfterMs: options.autoResolve?.afterMs ?? null };
    };
    const autoResolve = options.autoResolve;
    const autoResolveIncident: ActivityMocks['autoResolveIncident'] =
      autoResolve &&
      (async (input) => {
        autoResolve.calls.push(input);
        const answer = autoResolve.answers.shift();
        if (!answer) throw ApplicationFailure.nonRetryable('autoResolveIncident called more often than scripted');
        return answer;
      });
    return wf.withWorker({ recordAlerts, autoResolveIncident }, body);
  }

  const start = (taskQueue: string, dedupKey: string, alerts: AlertSignalPayload[]) =>
    wf.env.client.workflow.signalWithStart<typeof alertIngestionWorkflow, [{ alerts: AlertSignalPayload[] }]>('alertIngestionWorkflow', {
      taskQueue,
      workflowId: `alert-test-${randomUUID()}`,
      args: [{ organizationId: ORG, integrationId: INTEGRATION, dedupKey }],
      signal: alertsReceivedSignal,
      signalArgs: [{ alerts }],
    });

  it('applies the pending alerts in one call, ends a batch at a resolve, and opens the next incident after it', async () => {
    const calls: Call[] = [];
    const result = await withWorker(calls, async (taskQueue) => {
      const handle = await start(taskQueue, 'k1', [
        alert('f1', 'firing', 'k1'),
        alert('f2', 'firing', 'k1'),
        alert('r3', 'resolved', 'k1'),
        alert('f4', 'firing', 'k1'),
        alert('f5', 'firing', 'k1'),
      ]);
      await waitFor('two batches', async () => (calls.length >= 2 ? true : undefined), { timeoutMs: 30_000, intervalMs: 50 });
      // The old single-alert signal still works.
      await handle.signal(alertReceivedSignal, alert('r6', 'resolved', 'k1'));
      return handle.result();
    });
    expect(calls).toEqual([
      { ids: ['f1', 'f2', 'r3'], incidentId: null },
      { ids: ['f4', 'f5'], incidentId: null },
      { ids: ['r6'], incidentId: 'inc-2' },
    ]);
    // Its incident resolved and nothing pending: the workflow ends, the next alert starts a new one.
    expect(result).toEqual({ incidentId: null });
  });

  it('opens its first incident under the id it started with (no upsert), and upserts the id of a later incident of the run', async () => {
    const calls: Call[] = [];
    const { attribute, upserted } = await withWorker(calls, async (taskQueue) => {
      const handle = await wf.env.client.workflow.signalWithStart<typeof alertIngestionWorkflow, [{ alerts: AlertSignalPayload[] }]>(
        'alertIngestionWorkflow',
        {
          taskQueue,
          workflowId: `alert-test-${randomUUID()}`,
          args: [{ organizationId: ORG, integrationId: INTEGRATION, dedupKey: 'k9', firstIncidentId: 'inc-start' }],
          signal: alertsReceivedSignal,
          signalArgs: [{ alerts: [alert('s1', 'firing', 'k9')] }],
          typedSearchAttributes: workflowSearchAttributes({ organizationId: ORG, incidentId: 'inc-start' }),
        },
      );
      await waitFor('the first batch', async () => (calls.length >= 1 ? true : undefined), { timeoutMs: 30_000, intervalMs: 50 });
      expect((await handle.describe()).typedSearchAttributes.get(INCIDENT_ID)).toBe('inc-start');
      // Its incident resolved and a new one opened, in the same run.
      await handle.signal(alertsReceivedSignal, { alerts: [alert('s2', 'resolved', 'k9'), alert('s3', 'firing', 'k9')] });
      await waitFor('three batches', async () => (calls.length >= 3 ? true : undefined), { timeoutMs: 30_000, intervalMs: 50 });
      await handle.signal(alertsReceivedSignal, { alerts: [alert('s4', 'resolved', 'k9')] });
      await handle.result();
      const events = (await handle.fetchHistory()).events ?? [];
      return {
        attribute: (await handle.describe()).typedSearchAttributes.get(INCIDENT_ID),
        upserted: events.filter((event) => event.upsertWorkflowSearchAttributesEventAttributes).length,
      };
    });
    expect(calls).toEqual([
      { ids: ['s1'], incidentId: null, newIncidentId: 'inc-start' },
      { ids: ['s2'], incidentId: 'inc-start' },
      { ids: ['s3'], incidentId: null },
      { ids: ['s4'], incidentId: 'inc-1' },
    ]);
    expect(upserted).toBe(1);
    expect(attribute).toBe('inc-1');
  });

  it('replays a history recorded before runs started with their incident id (an upsert per incident): no non-determinism', async () => {
    // Recorded from the code before firstIncidentId: a firing alert, then firing, resolved and firing
    // (a second incident in the same run), then a resolve that ends the run.
    const history = await readRecordedHistory(
      new URL('../fixtures/histories/alert-ingestion-before-first-incident-id.json', import.meta.url),
    );
    expect(history.events.filter((event) => event.upsertWorkflowSearchAttributesEventAttributes)).toHaveLength(2);
    await expect(Worker.runReplayHistory({ workflowsPath: WORKFLOWS_PATH }, history)).resolves.toBeUndefined();
  });

  it(`bounds a batch at ${MAX_ALERTS_PER_BATCH} alerts, in arrival order`, async () => {
    const calls: Call[] = [];
    const ids = Array.from({ length: MAX_ALERTS_PER_BATCH * 2 + 10 }, (_, index) => `a${index}`);
    await withWorker(calls, async (taskQueue) => {
      const handle = await start(
        taskQueue,
        'k2',
        ids.map((id) => alert(id, 'firing', 'k2')),
      );
      await waitFor('every alert applied', async () => (calls.flatMap((call) => call.ids).length >= ids.length ? true : undefined), {
        timeoutMs: 30_000,
        intervalMs: 50,
      });
      // Its incident stays open: the workflow would wait for the next alert.
      await handle.terminate();
    });
    expect(calls.map((call) => call.ids.length)).toEqual([MAX_ALERTS_PER_BATCH, MAX_ALERTS_PER_BATCH, 10]);
    expect(calls.flatMap((call) => call.ids)).toEqual(ids);
    expect(calls.map((call) => call.incidentId)).toEqual([null, 'inc-1', 'inc-1']);
  });

  it('falls back to a regular activity when the local attempts fail, and applies the alert once', async () => {
    const calls: Call[] = [];
    const failLocal = { attempts: 0 };
    const result = await withWorker(
      calls,
      async (taskQueue) => {
        const handle = await start(taskQueue, 'k4', [alert('f1', 'firing', 'k4'), alert('r2', 'resolved', 'k4')]);
        return handle.result();
      },
      { failLocal },
    );
    // dbLocalActivityOptions: three local attempts, then the regular activity (first attempt succeeds here).
    expect(failLocal.attempts).toBe(3);
    expect(calls).toEqual([{ ids: ['f1', 'r2'], incidentId: null }]);
    expect(result).toEqual({ incidentId: null });
  });

  it('drops a retried delivery (same receipt key within its window), also across continue-as-new inputs', async () => {
    const calls: Call[] = [];
    const withReceipt = (id: string, status: 'firing' | 'resolved', key: string, receivedAt: string) => ({
      ...alert(id, status, 'k5'),
      receiptKey: key,
      dedupWindowSeconds: 60,
      receivedAt,
    });
    await withWorker(calls, async (taskQueue) => {
      const handle = await wf.env.client.workflow.signalWithStart<typeof alertIngestionWorkflow, [{ alerts: AlertSignalPayload[] }]>(
        'alertIngestionWorkflow',
        {
          taskQueue,
          workflowId: `alert-test-${randomUUID()}`,
          // As if carried over from an earlier run: receipt `carried` seen until 00:01:00.
          args: [
            {
              organizationId: ORG,
              integrationId: INTEGRATION,
              dedupKey: 'k5',
              recentReceipts: [['carried', Date.parse('2026-01-01T00:01:00Z')]],
            },
          ],
          signal: alertsReceivedSignal,
          signalArgs: [
            {
              alerts: [
                withReceipt('f1', 'firing', 'r1', '2026-01-01T00:00:00Z'),
                withReceipt('dup-carried', 'firing', 'carried', '2026-01-01T00:00:01Z'),
              ],
            },
          ],
        },
      );
      // A retry of f1 five seconds later (another alert id: another time bucket), then a resend after the window.
      await handle.signal(alertsReceivedSignal, { alerts: [withReceipt('f1-retry', 'firing', 'r1', '2026-01-01T00:00:05Z')] });
      await handle.signal(alertsReceivedSignal, {
        alerts: [
          withReceipt('f1-resent', 'firing', 'r1', '2026-01-01T00:01:00Z'),
          withReceipt('r9', 'resolved', 'r9', '2026-01-01T00:01:01Z'),
        ],
      });
      return handle.result();
    });
    expect(calls.flatMap((call) => call.ids)).toEqual(['f1', 'f1-resent', 'r9']);
  });

  it('ends when its incident is resolved by hand, and ignores a hand-resolve of another incident', async () => {
    const calls: Call[] = [];
    const result = await withWorker(calls, async (taskQueue) => {
      const handle = await start(taskQueue, 'k3', [alert('f1', 'firing', 'k3')]);
      await waitFor('the first batch', async () => (calls.length >= 1 ? true : undefined), { timeoutMs: 30_000, intervalMs: 50 });
      await handle.signal(incidentResolvedSignal, { incidentId: 'inc-other' });
      await handle.signal(alertsReceivedSignal, { alerts: [alert('f2', 'firing', 'k3')] });
      await waitFor('the second batch', async () => (calls.length >= 2 ? true : undefined), { timeoutMs: 30_000, intervalMs: 50 });
      await handle.signal(incidentResolvedSignal, { incidentId: 'inc-1' });
      return handle.result();
    });
    expect(calls).toEqual([
      { ids: ['f1'], incidentId: null },
      { ids: ['f2'], incidentId: 'inc-1' },
    ]);
    expect(result).toEqual({ incidentId: null });
  });

  it("auto-resolves an idle incident after its organization's delay, waiting longer when a newer alert arrived meanwhile", async () => {
    const calls: Call[] = [];
    // The first check finds a newer alert (as one that reached the database but not yet this run would be) and says how long still.
    const autoResolve = {
      afterMs: 300,
      answers: [{ resolved: false, waitMs: 200 }, { resolved: true }] as AutoResolveResult[],
      calls: [] as unknown[],
    };
    const result = await withWorker(calls, async (taskQueue) => (await start(taskQueue, 'k6', [alert('f1', 'firing', 'k6')])).result(), {
      autoResolve,
    });
    expect(calls).toEqual([{ ids: ['f1'], incidentId: null }]);
    expect(autoResolve.calls).toEqual([
      { organizationId: ORG, incidentId: 'inc-1', afterMs: 300 },
      { organizationId: ORG, incidentId: 'inc-1', afterMs: 300 },
    ]);
    // Resolved and nothing pending: the workflow ends.
    expect(result).toEqual({ incidentId: null });
  });
});
