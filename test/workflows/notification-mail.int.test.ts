import { randomUUID } from 'node:crypto';
import { WorkflowNotFoundError } from '@temporalio/client';
import { waitFor } from '../../dev/wait-for.ts';
import { workflowIds } from '../../shared/temporal/ids.ts';
import { addMember, bearer } from '../helpers/members.ts';
import { mailsTo } from '../helpers/outbox.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { alertmanagerBody, createIntegration, postSigned } from '../helpers/webhooks.ts';

interface Incident { id: string; title: string; severity: string }

/**
 * notifications.email and notify_on_resolve end to end: webhook → ingestion → outbox relay →
 * `notification-mail:<event>:<user>` workflow → the worker's Mailer. Without SMTP_URL the mailer
 * stores messages in outbox_messages, which the test reads.
 */
describe('notification emails (integration: real PostgreSQL and Temporal, worker)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ worker: true });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const db = () => stack.orm.em.fork();
  /** Every domain event so far relayed: the mail workflows a batch starts exist once it committed. */
  const relayed = () =>
    waitFor('the outbox drained', async () => {
      const [row] = await db().execute<Array<{ n: number }>>('select count(*)::int as n from domain_events where dispatched_at is null');
      return row?.n === 0 ? true : undefined;
    }, { timeoutMs: 30_000, intervalMs: 50 });
  const eventOf = async (incidentId: string, type: string) => {
    const [row] = await db().execute<Array<{ id: string }>>('select id from domain_events where incident_id = ? and type = ?', [incidentId, type]);
    if (!row) throw new Error(`no ${type} event for ${incidentId}`);
    return row.id;
  };
  const mailHandle = (eventId: string, userId: string) => stack.temporal.client.workflow.getHandle(workflowIds.notificationMail(eventId, userId));
  /** The mail workflow's outcome, waiting for it to finish; undefined when the relay never started one. */
  const mailOutcome = async (eventId: string, userId: string) => {
    try {
      return { ...(await mailHandle(eventId, userId).result() as { status: string }), runId: (await mailHandle(eventId, userId).describe()).runId };
    } catch (error) {
      if (error instanceof WorkflowNotFoundError) return undefined;
      throw error;
    }
  };
  const openAlertIncident = async (token: string) => {
    const integration = await createIntegration(stack.http, token, 'metrics_alerts');
    const host = `db-${randomUUID().slice(0, 8)}`;
    await postSigned(stack.http, 'metrics_alerts', integration, alertmanagerBody(`mail-${host}`, 'firing', `${host} is down`)).expect(200);
    const incident = await waitFor('the alert opened an incident', async () => {
      const list = (await stack.http.get('/api/v1/incidents?limit=100').set(bearer(token)).expect(200)).body.data as Incident[];
      return list.find((candidate) => candidate.title.includes(host));
    }, { timeoutMs: 30_000, intervalMs: 100 });
    await relayed();
    return incident;
  };
  const resolve = async (token: string, incidentId: string) => {
    await stack.http.patch(`/api/v1/incidents/${incidentId}`).set(bearer(token)).send({ status: 'resolved' }).expect(200);
    await relayed();
  };
  const NEW = /New incident/;
  const RESOLVED = /Incident resolved/;

  it('an alert-opened critical incident mails each notified member once, with its link; a re-run batch mails nobody again; other organizations get nothing', async () => {
    const owner = await registerOwner(stack.http, 'mail');
    const engineer = await addMember(stack, owner.token, 'engineer', 'oncall');
    const stranger = await registerOwner(stack.http, 'mail-stranger');
    const incident = await openAlertIncident(owner.token);
    expect(incident.severity).toBe('critical');
    const created = await eventOf(incident.id, 'incident.created');

    const first = await mailOutcome(created, owner.user.id);
    expect(first).toMatchObject({ status: 'sent' });
    expect(await mailOutcome(created, engineer.user.id)).toMatchObject({ status: 'sent' });
    for (const to of [owner.email, engineer.email]) {
      const mails = await mailsTo(stack, to, NEW);
      expect(mails.map((mail) => mail.subject)).toEqual([`[CRITICAL] New incident: ${incident.title}`]);
      expect(mails[0]?.body).toContain(`http://localhost:${stack.config.PORT}/incidents/${incident.id}`);
      expect(mails[0]?.body).toMatch(/^Severity: critical$/m);
    }
    expect(await mailsTo(stack, stranger.email, /incident/i)).toEqual([]);
    expect(await mailOutcome(created, stranger.user.id)).toBeUndefined();

    // The batch again, as after a crash before its commit was known: nothing new is started or sent.
    await db().execute('update domain_events set dispatched_at = null where id = ?', [created]);
    await relayed();
    expect((await mailOutcome(created, owner.user.id))?.runId).toBe(first?.runId);
    expect(await mailsTo(stack, owner.email, NEW)).toHaveLength(1);
    expect(await mailsTo(stack, engineer.email, NEW)).toHaveLength(1);
  });

  it('notifications.email off: in-app notifications only, no mail', async () => {
    const owner = await registerOwner(stack.http, 'nomail');
    await stack.http.patch('/api/v1/organization-settings').set(bearer(owner.token)).send({ notifications: { email: false } }).expect(200);
    const incident = await openAlertIncident(owner.token);
    const notices = (await stack.http.get('/api/v1/notifications').set(bearer(owner.token)).expect(200)).body.data as Array<{ type: string; incident_id: string }>;
    expect(notices.map((notice) => [notice.type, notice.incident_id])).toEqual([['incident.created', incident.id]]);
    expect(await mailOutcome(await eventOf(incident.id, 'incident.created'), owner.user.id)).toBeUndefined();
    await resolve(owner.token, incident.id);
    expect(await mailOutcome(await eventOf(incident.id, 'incident.resolved'), owner.user.id)).toBeUndefined();
    expect(await mailsTo(stack, owner.email, /incident/i)).toEqual([]);
  });

  it('a resolution mails only with notify_on_resolve', async () => {
    const owner = await registerOwner(stack.http, 'resolve');
    const first = await openAlertIncident(owner.token);
    await resolve(owner.token, first.id);
    expect(await mailOutcome(await eventOf(first.id, 'incident.resolved'), owner.user.id)).toMatchObject({ status: 'sent' });
    expect((await mailsTo(stack, owner.email, RESOLVED)).map((mail) => mail.subject)).toEqual([`[CRITICAL] Incident resolved: ${first.title}`]);

    await stack.http.patch('/api/v1/organization-settings').set(bearer(owner.token)).send({ notifications: { notify_on_resolve: false } }).expect(200);
    const second = await openAlertIncident(owner.token);
    expect(await mailOutcome(await eventOf(second.id, 'incident.created'), owner.user.id)).toMatchObject({ status: 'sent' });
    await resolve(owner.token, second.id);
    expect(await mailOutcome(await eventOf(second.id, 'incident.resolved'), owner.user.id)).toBeUndefined();
    expect(await mailsTo(stack, owner.email, RESOLVED)).toHaveLength(1);
    const notices = (await stack.http.get('/api/v1/notifications').set(bearer(owner.token)).expect(200)).body.data as Array<{ type: string; incident_id: string }>;
    expect(notices.filter((notice) => notice.type === 'incident.resolved').map((notice) => notice.incident_id)).toEqual([first.id]);
  });
});
