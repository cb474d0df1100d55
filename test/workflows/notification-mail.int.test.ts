import { waitFor } from '../../dev/wait-for.ts';
import { addMember, bearer } from '../helpers/members.ts';
import { mailsTo, outboxRelayed } from '../helpers/outbox.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { createIntegration, openAlertIncident } from '../helpers/webhooks.ts';

interface Incident {
  id: string;
  title: string;
  severity: string;
}

/**
 * notifications.email and notify_on_resolve end to end: webhook → ingestion → outbox relay →
 * one notification-mail workflow per relay batch → the worker's Mailer, marking `mailed_at`. Without SMTP_URL the mailer
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
  const relayed = () => outboxRelayed(stack);
  const eventOf = async (incidentId: string, type: string) => {
    const [row] = await db().execute<Array<{ id: string }>>('select id from domain_events where incident_id = ? and type = ?', [
      incidentId,
      type,
    ]);
    if (!row) throw new Error(`no ${type} event for ${incidentId}`);
    return row.id;
  };
  /** When the notification of `eventId` for `userId` was mailed, waiting for it; its row says so once sent. */
  const mailedAt = (eventId: string, userId: string) =>
    waitFor(
      'the notification was mailed',
      async () => {
        const [row] = await db().execute<Array<{ mailed_at: Date }>>(
          'select mailed_at from notifications where event_id = ? and user_id = ? and mailed_at is not null',
          [eventId, userId],
        );
        return row?.mailed_at;
      },
      { timeoutMs: 30_000, intervalMs: 50 },
    );
  /** The notifications of the organization marked mailed. */
  const mailedRows = async (organizationId: string) =>
    (
      await db().execute<Array<{ n: number }>>(
        'select count(*)::int as n from notifications where organization_id = ? and mailed_at is not null',
        [organizationId],
      )
    )[0]?.n;
  /** How many mail workflows the relay started for the organization (visibility lags a little behind a start). */
  const mailWorkflows = async (organizationId: string) => {
    let count = 0;
    for await (const _execution of stack.temporal.client.workflow.list({
      query: `WorkflowType = 'notificationMailBatchWorkflow' AND TocsinOrganizationId = '${organizationId}'`,
    }))
      count += 1;
    return count;
  };
  const openIncident = async (token: string) => {
    const integration = await createIntegration(stack.http, token, 'metrics_alerts');
    const incident = await openAlertIncident<Incident>(stack.http, token, integration, 'db');
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
    const incident = await openIncident(owner.token);
    expect(incident.severity).toBe('critical');
    const created = await eventOf(incident.id, 'incident.created');

    const first = await mailedAt(created, owner.user.id);
    await mailedAt(created, engineer.user.id);
    for (const to of [owner.email, engineer.email]) {
      const mails = await mailsTo(stack, to, NEW);
      expect(mails.map((mail) => mail.subject)).toEqual([`[CRITICAL] New incident: ${incident.title}`]);
      expect(mails[0]?.body).toContain(`http://localhost:${stack.config.PORT}/incidents/${incident.id}`);
      expect(mails[0]?.body).toMatch(/^Severity: critical$/m);
    }
    expect(await mailsTo(stack, stranger.email, /incident/i)).toEqual([]);
    expect(await mailedRows(stranger.organization.id)).toBe(0);
    // Visibility lags a start: the mail went out, so its workflow is listed once visibility catches up.
    const workflows = await waitFor(
      'the mail workflow listed',
      async () => {
        const listed = await mailWorkflows(owner.organization.id);
        return listed >= 1 ? listed : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 200 },
    );

    // The batch again, as after a crash before its commit was known: nothing new is started or sent.
    await db().execute('update domain_events set dispatched_at = null where id = ?', [created]);
    await relayed();
    // A later incident's mail, started after anything the re-run could have started, has gone out.
    const later = await openIncident(owner.token);
    await mailedAt(await eventOf(later.id, 'incident.created'), owner.user.id);
    expect(await mailedAt(created, owner.user.id)).toEqual(first);
    expect(await mailsTo(stack, owner.email, NEW)).toHaveLength(2);
    expect(await mailsTo(stack, engineer.email, NEW)).toHaveLength(2);
    expect(await mailWorkflows(owner.organization.id)).toBeLessThanOrEqual(workflows + 1);
  });

  it('notifications.email off: in-app notifications only, no mail', async () => {
    const owner = await registerOwner(stack.http, 'nomail');
    await stack.http
      .patch('/api/v1/organization-settings')
      .set(bearer(owner.token))
      .send({ notifications: { email: false } })
      .expect(200);
    const incident = await openIncident(owner.token);
    const notices = (await stack.http.get('/api/v1/notifications').set(bearer(owner.token)).expect(200)).body.data as Array<{
      type: string;
      incident_id: string;
    }>;
    expect(notices.map((notice) => [notice.type, notice.incident_id])).toEqual([['incident.created', incident.id]]);
    await resolve(owner.token, incident.id);
    expect(await mailWorkflows(owner.organization.id)).toBe(0);
    expect(await mailedRows(owner.organization.id)).toBe(0);
    expect(await mailsTo(stack, owner.email, /incident/i)).toEqual([]);
  });

  it('a resolution mails only with notify_on_resolve', async () => {
    const owner = await registerOwner(stack.http, 'resolve');
    const first = await openIncident(owner.token);
    await resolve(owner.token, first.id);
    await mailedAt(await eventOf(first.id, 'incident.resolved'), owner.user.id);
    expect((await mailsTo(stack, owner.email, RESOLVED)).map((mail) => mail.subject)).toEqual([
      `[CRITICAL] Incident resolved: ${first.title}`,
    ]);

    await stack.http
      .patch('/api/v1/organization-settings')
      .set(bearer(owner.token))
      .send({ notifications: { notify_on_resolve: false } })
      .expect(200);
    const second = await openIncident(owner.token);
    await mailedAt(await eventOf(second.id, 'incident.created'), owner.user.id);
    await resolve(owner.token, second.id);
    // A third incident's mail, started after anything the second resolution could have started, has gone out.
    const third = await openIncident(owner.token);
    await mailedAt(await eventOf(third.id, 'incident.created'), owner.user.id);
    expect(await mailsTo(stack, owner.email, RESOLVED)).toHaveLength(1);
    const notices = (await stack.http.get('/api/v1/notifications').set(bearer(owner.token)).expect(200)).body.data as Array<{
      type: string;
      incident_id: string;
    }>;
    expect(notices.filter((notice) => notice.type === 'incident.resolved').map((notice) => notice.incident_id)).toEqual([first.id]);
  });
});
