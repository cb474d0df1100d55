import { randomUUID } from 'node:crypto';
import { repageDecision, type AcknowledgedIncident, type RepageReason } from '../../shared/domain/acknowledgement.ts';
import { workflowIds } from '../../shared/temporal/ids.ts';
import type { acknowledgementWorkflow } from '../../workflows/acknowledgement.workflow.ts';
import { acknowledgementStateQuery, snoozeIncidentSignal } from '../../workflows/messages.ts';
import { startWorkflowTestEnv, type ActivityMocks, type WorkflowTestEnv } from '../helpers/workflow-env.ts';

// The time-skipping server cannot be downloaded here (see workflow-env.ts): timers are real and short.

/**
 * The acknowledgement workflow alone over a modelled incident: its re-page activity applies the
 * real decision (shared/domain/acknowledgement.ts) to the model and records each re-page, as the
 * real one sends the incident back to `active` (which pages level 1 in a new cycle; end to end in
 * test/api/acknowledgement-timeout.int.test.ts).
 */
describe('acknowledgementWorkflow (real Temporal, modelled activities)', () => {
  let wf: WorkflowTestEnv;
  beforeAll(async () => {
    wf = await startWorkflowTestEnv();
  });
  afterAll(async () => {
    await wf?.teardown();
  });

  function model(ackTimeoutMs: number | null) {
    const incident: AcknowledgedIncident = { status: 'investigating', escalationCycle: 1, snoozedUntil: null };
    const repages: Array<{ reason: RepageReason; at: number }> = [];
    let checks = 0;
    const mocks: ActivityMocks = {
      acknowledgementTimeout: async () => ({ ackTimeoutMs }),
      repageAcknowledged: async ({ cycle }) => {
        checks += 1;
        const decision = repageDecision(incident, cycle, Date.now());
        if (decision.action === 'repage') {
          // What the real activity does under the row lock: active again, in a new cycle.
          Object.assign(incident, { status: 'active', escalationCycle: incident.escalationCycle + 1, snoozedUntil: null });
          repages.push({ reason: decision.reason, at: Date.now() });
        }
        return decision;
      },
    };
    return { incident, repages, mocks, checks: () => checks };
  }

  const start = (taskQueue: string, acknowledgedAt = Date.now()) => {
    const incidentId = randomUUID();
    return wf.env.client.workflow.start<typeof acknowledgementWorkflow>('acknowledgementWorkflow', {
      taskQueue,
      workflowId: workflowIds.acknowledgement(incidentId, 1),
      args: [{ organizationId: randomUUID(), incidentId, cycle: 1, acknowledgedAt }],
    });
  };

  it('acknowledged and nothing else: when the timeout passes it re-pages exactly once', async () => {
    const { repages, mocks, incident } = model(1_500);
    await wf.withWorker(mocks, async (taskQueue) => {
      const acknowledgedAt = Date.now();
      const handle = await start(taskQueue, acknowledgedAt);
      expect(await handle.result()).toEqual({ ended: 'ack_timeout' });
      expect(repages).toEqual([{ reason: 'ack_timeout', at: expect.any(Number) }]);
      expect(repages[0]!.at - acknowledgedAt).toBeGreaterThanOrEqual(1_400);
      expect(incident).toMatchObject({ status: 'active', escalationCycle: 2 });
    });
  });

  it('without a timeout it waits for nothing; a snooze (signal with start) re-pages when it ends', async () => {
    const { repages, mocks, incident } = model(null);
    await wf.withWorker(mocks, async (taskQueue) => {
      const first = await start(taskQueue);
      expect(await first.result()).toEqual({ ended: 'no_timeout' });
      expect(repages).toEqual([]);
      const until = new Date(Date.now() + 1_500).toISOString();
      // As the API does: the row first, then the event the relay signals.
      incident.snoozedUntil = new Date(until);
      const snoozed = await wf.env.client.workflow.signalWithStart<typeof acknowledgementWorkflow, [{ until: string }]>(
        'acknowledgementWorkflow',
        {
          taskQueue,
          workflowId: first.workflowId,
          args: [{ organizationId: randomUUID(), incidentId: randomUUID(), cycle: 1, acknowledgedAt: Date.now() }],
          signal: snoozeIncidentSignal,
          signalArgs: [{ until }],
        },
      );
      const handle = wf.env.client.workflow.getHandle(snoozed.workflowId, snoozed.signaledRunId);
      expect(await handle.query(acknowledgementStateQuery)).toEqual({ repage_at: until, snoozed_until: until });
      expect(await handle.result()).toEqual({ ended: 'snooze_ended' });
      expect(repages).toHaveLength(1);
      expect(repages[0]!.at).toBeGreaterThanOrEqual(Date.parse(until) - 50);
    });
  });

  it('a snooze replaces a shorter timeout: nothing is paged before the snooze ends, then once', async () => {
    const { repages, mocks, incident } = model(1_000);
    await wf.withWorker(mocks, async (taskQueue) => {
      const handle = await start(taskQueue);
      const until = Date.now() + 3_000;
      incident.snoozedUntil = new Date(until);
      await handle.signal(snoozeIncidentSignal, { until: new Date(until).toISOString() });
      expect(await handle.result()).toEqual({ ended: 'snooze_ended' });
      expect(repages).toHaveLength(1);
      expect(repages[0]!.at).toBeGreaterThanOrEqual(until - 50);
    });
  });

  it('resolved during the snooze: the timer fires and pages nobody', async () => {
    const { repages, mocks, incident, checks } = model(null);
    await wf.withWorker(mocks, async (taskQueue) => {
      const handle = await start(taskQueue);
      // The run ended with nothing to wait for; the snooze starts the next one, as the relay does.
      await handle.result();
      const until = new Date(Date.now() + 1_500);
      incident.snoozedUntil = until;
      const snoozed = await wf.env.client.workflow.signalWithStart<typeof acknowledgementWorkflow, [{ until: string }]>(
        'acknowledgementWorkflow',
        {
          taskQueue,
          workflowId: handle.workflowId,
          args: [{ organizationId: randomUUID(), incidentId: randomUUID(), cycle: 1, acknowledgedAt: Date.now() }],
          signal: snoozeIncidentSignal,
          signalArgs: [{ until: until.toISOString() }],
        },
      );
      Object.assign(incident, { status: 'resolved', snoozedUntil: null });
      expect(await wf.env.client.workflow.getHandle(snoozed.workflowId, snoozed.signaledRunId).result()).toEqual({ ended: 'left' });
      expect(checks()).toBe(1);
      expect(repages).toEqual([]);
    });
  });

  it('a snooze lengthened behind its back (the row says later): it waits for the later end', async () => {
    const { repages, mocks, incident } = model(800);
    await wf.withWorker(mocks, async (taskQueue) => {
      const until = Date.now() + 2_500;
      // Snoozed in the database, its signal not (yet) delivered: the timeout's check finds it.
      incident.snoozedUntil = new Date(until);
      const handle = await start(taskQueue);
      expect(await handle.result()).toEqual({ ended: 'snooze_ended' });
      expect(repages).toHaveLength(1);
      expect(repages[0]!.at).toBeGreaterThanOrEqual(until - 50);
    });
  });
});
