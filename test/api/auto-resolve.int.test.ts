import { randomUUID } from 'node:crypto';
import { waitFor } from '../../dev/wait-for.ts';
import { workflowIds } from '../../shared/temporal/ids.ts';
import { bearer } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { alertmanagerBody, createIntegration, postSigned } from '../helpers/webhooks.ts';

interface Incident {
  id: string;
  status: string;
  resolved_at: string | null;
}

/**
 * auto_resolve_after_hours end to end: webhook → ingestion workflow → its durable timer → the
 * activity resolving the incident. The smallest setting (0.001 h = 3.6 s) keeps it short.
 */
describe('auto_resolve_after_hours (integration: real PostgreSQL and Temporal, worker)', () => {
  let stack: TestStack;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  const incidents = async () =>
    (await stack.http.get('/api/v1/incidents?limit=100').set(bearer(owner.token)).expect(200)).body.data as Incident[];

  beforeAll(async () => {
    stack = await startTestStack({ worker: true });
    owner = await registerOwner(stack.http, 'auto-resolve');
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('refuses less than 0.001 h, accepts fractional hours', async () => {
    await stack.http.patch('/api/v1/organization-settings').set(bearer(owner.token)).send({ auto_resolve_after_hours: 0.0001 }).expect(422);
    await stack.http.patch('/api/v1/organization-settings').set(bearer(owner.token)).send({ auto_resolve_after_hours: 1.5 }).expect(200);
  });

  it('resolves an alert-opened incident after the idle time, and the next alert opens a new one', async () => {
    await stack.http.patch('/api/v1/organization-settings').set(bearer(owner.token)).send({ auto_resolve_after_hours: 0.001 }).expect(200);
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    const fingerprint = `auto-${randomUUID().slice(0, 8)}`;
    await postSigned(stack.http, 'metrics_alerts', integration, alertmanagerBody(fingerprint, 'firing')).expect(200);
    const resolved = await waitFor(
      'the incident auto-resolved',
      async () => {
        const [incident] = await incidents();
        return incident?.status === 'resolved' ? incident : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 250 },
    );
    const detail = (await stack.http.get(`/api/v1/incidents/${resolved.id}`).set(bearer(owner.token)).expect(200)).body.data;
    expect(detail.timeline.at(-1)).toMatchObject({ type: 'status_changed', data: { from: 'active', to: 'resolved', auto_resolved: true } });

    await postSigned(stack.http, 'metrics_alerts', integration, alertmanagerBody(fingerprint, 'firing', 'down again')).expect(200);
    const reopened = await waitFor(
      'a new incident',
      async () => {
        const list = await incidents();
        return list.length === 2 ? list : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    expect(reopened.map((incident) => incident.id)).toContain(resolved.id);
  });

  it('sets no timer with the setting off', async () => {
    await stack.http.patch('/api/v1/organization-settings').set(bearer(owner.token)).send({ auto_resolve_after_hours: null }).expect(200);
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts', 'another-secret-0123456789abcdef');
    const fingerprint = `off-${randomUUID().slice(0, 8)}`;
    await postSigned(stack.http, 'metrics_alerts', integration, alertmanagerBody(fingerprint, 'firing')).expect(200);
    await waitFor(
      'the incident',
      async () => {
        const rows = await stack.orm.em
          .fork()
          .getConnection()
          .execute<Array<{ id: string }>>('select id from incidents where fingerprint = ?', [fingerprint]);
        return rows[0];
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    // With the setting off the workflow waits on no timer: its history has no timer started.
    const handle = stack.temporal.client.workflow.getHandle(workflowIds.alertIngestion(owner.organization.id, integration.id, fingerprint));
    expect((await handle.describe()).status.name).toBe('RUNNING');
    const history = await handle.fetchHistory();
    expect(history.events?.some((event) => event.timerStartedEventAttributes)).toBe(false);
  });
});
