import { randomUUID } from 'node:crypto';
import { waitFor } from '../../dev/wait-for.ts';
import { workflowIds } from '../../shared/temporal/ids.ts';
import { ensureAutoResolveSchedule } from '../../worker/auto-resolve-schedule.ts';
import { bearer } from '../helpers/members.ts';
import { describedSchedule } from '../helpers/temporal-schedules.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { alertmanagerBody, createIntegration, postSigned } from '../helpers/webhooks.ts';

interface Incident {
  id: string;
  status: string;
  fingerprint: string;
  resolved_at: string | null;
}

/**
 * auto_resolve_after_hours end to end: webhook → bucket workflow → incident; then the worker's
 * auto-resolve schedule, triggered, runs the sweep. Time passing is the alerts' received_at moved
 * back in the database: the sweep reads it there, so no test has to wait the setting out.
 */
describe('auto_resolve_after_hours (integration: real PostgreSQL and Temporal, worker, the auto-resolve schedule)', () => {
  let stack: TestStack;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  const incidents = async () =>
    (await stack.http.get('/api/v1/incidents?limit=100').set(bearer(owner.token)).expect(200)).body.data as Incident[];
  const scheduleId = () => workflowIds.autoResolveSchedule(stack.temporal.taskQueue);
  /** Triggers the schedule once and waits for the sweep it starts to finish. */
  const sweep = async () => {
    const schedule = stack.temporal.client.schedule.getHandle(scheduleId());
    const before = (await describedSchedule(schedule, 90_000)).info.numActionsTaken;
    await schedule.trigger();
    const started = await waitFor(
      'the sweep started',
      async () => {
        const { info } = await schedule.describe();
        return info.numActionsTaken > before ? info.recentActions.at(-1) : undefined;
      },
      // A describe queries the scheduler workflow, which a loaded CI machine once left unanswered
      // for over 30 s right after a trigger (test/helpers/temporal-schedules.ts).
      { timeoutMs: 90_000, intervalMs: 200 },
    );
    const { workflowId, firstExecutionRunId } = started.action.workflow;
    return stack.temporal.client.workflow.getHandle(workflowId, firstExecutionRunId).result() as Promise<{ resolved: number }>;
  };
  const opened = async (integration: Awaited<ReturnType<typeof createIntegration>>, fingerprint: string) => {
    await postSigned(stack.http, 'metrics_alerts', integration, alertmanagerBody(fingerprint, 'firing')).expect(200);
    return waitFor(
      `the incident of ${fingerprint}`,
      async () => (await incidents()).find((incident) => incident.fingerprint === fingerprint && incident.status !== 'resolved'),
      { timeoutMs: 30_000, intervalMs: 250 },
    );
  };
  /** As if the incident's alerts had come `hours` ago. */
  const age = (incidentId: string, hours: number) =>
    Promise.all([
      stack.sql(`update alerts set received_at = now() - make_interval(secs => ?) where incident_id = ?`, [hours * 3600, incidentId]),
      stack.sql(`update incidents set created_at = now() - make_interval(secs => ?) where id = ?`, [hours * 3600, incidentId]),
    ]);

  beforeAll(async () => {
    stack = await startTestStack({ worker: true });
    owner = await registerOwner(stack.http, 'auto-resolve');
    // What every worker does at start (worker/main.ts); a second call finds it.
    expect(await ensureAutoResolveSchedule(stack.temporal.client, stack.temporal.taskQueue)).toBe(true);
    expect(await ensureAutoResolveSchedule(stack.temporal.client, stack.temporal.taskQueue)).toBe(false);
    // Paused, its every-minute runs cannot resolve what a test ages before the sweep the test
    // triggers; a trigger still runs a paused schedule's action.
    await waitFor(
      'the schedule paused',
      async () => {
        await stack.temporal.client.schedule.getHandle(scheduleId()).pause('the tests trigger the sweep');
        return true;
      },
      { timeoutMs: 30_000 },
    );
  });
  afterAll(async () => {
    await stack?.temporal.client.schedule
      .getHandle(scheduleId())
      .delete()
      .catch(() => undefined);
    await stack?.stop();
  });

  it('refuses less than 0.001 h, accepts fractional hours', async () => {
    await stack.http.patch('/api/v1/organization-settings').set(bearer(owner.token)).send({ auto_resolve_after_hours: 0.0001 }).expect(422);
    await stack.http.patch('/api/v1/organization-settings').set(bearer(owner.token)).send({ auto_resolve_after_hours: 1.5 }).expect(200);
  });

  it('the schedule runs the sweep every minute', async () => {
    const { action, spec } = await describedSchedule(stack.temporal.client.schedule.getHandle(scheduleId()));
    expect(action).toMatchObject({ type: 'startWorkflow', workflowType: 'autoResolveSweepWorkflow' });
    expect(spec.intervals).toEqual([expect.objectContaining({ every: 60_000 })]);
  });

  it('resolves an incident idle past the setting, not one alerted since, and the next alert opens a new one', async () => {
    await stack.http.patch('/api/v1/organization-settings').set(bearer(owner.token)).send({ auto_resolve_after_hours: 1 }).expect(200);
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    const [idleKey, busyKey] = [`idle-${randomUUID().slice(0, 8)}`, `busy-${randomUUID().slice(0, 8)}`];
    const idle = await opened(integration, idleKey);
    const busy = await opened(integration, busyKey);
    await age(idle.id, 2);
    await age(busy.id, 2);
    // The busy one's latest alert is new: its idle time starts again.
    await postSigned(stack.http, 'metrics_alerts', integration, alertmanagerBody(busyKey, 'firing', 'still down')).expect(200);
    await waitFor(
      'the second alert applied',
      async () => ((await stack.sql('select id from alerts where incident_id = ?', [busy.id])).length === 2 ? true : undefined),
      { timeoutMs: 30_000, intervalMs: 250 },
    );

    expect((await sweep()).resolved).toBe(1);
    const after = await incidents();
    expect(after.find((incident) => incident.id === idle.id)?.status).toBe('resolved');
    expect(after.find((incident) => incident.id === busy.id)?.status).toBe('active');
    const detail = (await stack.http.get(`/api/v1/incidents/${idle.id}`).set(bearer(owner.token)).expect(200)).body.data;
    expect(detail.timeline.at(-1)).toMatchObject({
      type: 'status_changed',
      message: 'Resolved automatically: no new alert for 1 h',
      data: { from: 'active', to: 'resolved', auto_resolved: true, after_ms: 3_600_000 },
    });

    const reopened = await opened(integration, idleKey);
    expect(reopened.id).not.toBe(idle.id);
  });

  it('resolves nothing with the setting off', async () => {
    await stack.http.patch('/api/v1/organization-settings').set(bearer(owner.token)).send({ auto_resolve_after_hours: null }).expect(200);
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts', 'another-secret-0123456789abcdef');
    const incident = await opened(integration, `off-${randomUUID().slice(0, 8)}`);
    await age(incident.id, 1000);
    expect((await sweep()).resolved).toBe(0);
    expect((await incidents()).find((item) => item.id === incident.id)?.status).toBe('active');
  });
});
