import pg from 'pg';
import { createNotificationMailActivities } from '../../activities/notification-mail.activities.ts';
import { createNotificationStore } from '../../shared/db/access/notifications.ts';
import type { MailMessage } from '../../shared/mail/mailer.ts';
import { uuidv7 } from '../../shared/uuidv7.ts';
import { waitingOnLock } from '../helpers/incident-locks.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

/** sendNotificationMails against real PostgreSQL, called directly with a mailer that records (and can refuse) sends. */
describe('sendNotificationMails (real PostgreSQL)', () => {
  let stack: TestStack;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  const sent: MailMessage[] = [];
  let refuse: (message: MailMessage) => boolean = () => false;
  let activities: ReturnType<typeof createNotificationMailActivities>;

  beforeAll(async () => {
    stack = await startTestStack();
    owner = await registerOwner(stack.http, 'mail-activity');
    activities = createNotificationMailActivities({
      notifications: () => createNotificationStore(stack.orm.em.fork()),
      mailer: {
        async send(message) {
          if (refuse(message)) throw new Error('mail server said no');
          sent.push(message);
        },
      },
    });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const incident = (title: string) => ({ incident: { id: uuidv7(), title, severity: 'critical', status: 'active' } });
  const insertEvent = (run: (query: string, params: unknown[]) => Promise<unknown>, title: string) => {
    const id = uuidv7();
    return run(
      `insert into domain_events (id, organization_id, type, incident_id, data, created_at) values ($1, $2, 'incident.created', null, $3, now())`,
      [id, owner.organization.id, JSON.stringify(incident(title))],
    ).then(() => id);
  };
  const insertNotification = async (
    run: (query: string, params: unknown[]) => Promise<unknown>,
    eventId: string,
    type: string,
    title: string,
  ) => {
    const id = uuidv7();
    await run(
      `insert into notifications (id, organization_id, user_id, type, title, body, data, incident_id, execution_id, event_id, read_at, created_at)
       values ($1, $2, $3, $4, $5, null, $6, null, null, $7, null, now())`,
      [id, owner.organization.id, owner.user.id, type, title, JSON.stringify(incident(title)), eventId],
    );
    return id;
  };
  const pgRun = (client: pg.Client) => (query: string, params: unknown[]) => client.query(query, params);
  const batch = (eventIds: string[], notificationIds: string[]) => ({
    organizationId: owner.organization.id,
    eventIds,
    notificationIds,
    publicUrl: 'https://t.example',
  });
  const mailedOf = async (ids: string[]) =>
    (
      await stack.sql<{ id: string; mailed: boolean }>(
        'select id, mailed_at is not null as mailed from notifications where id = any(?::uuid[]) order by id',
        [`{${ids.join(',')}}`],
      )
    ).map((row) => row.mailed);

  it('a retry after a refused send mails only what was not sent, and each notification once', async () => {
    const client = new pg.Client({ connectionString: stack.databaseUrl });
    await client.connect();
    try {
      const eventId = await insertEvent(pgRun(client), 'retry');
      const ids = [
        await insertNotification(pgRun(client), eventId, 'incident.created', 'retry'),
        await insertNotification(pgRun(client), eventId, 'incident.assigned', 'retry'),
        await insertNotification(pgRun(client), eventId, 'incident.resolved', 'retry'),
      ];
      sent.length = 0;
      refuse = (message) => message.subject.includes('assigned');
      await expect(activities.sendNotificationMails(batch([eventId], ids))).rejects.toThrow('mail server said no');
      expect(await mailedOf(ids)).toEqual([true, false, true]);
      refuse = () => false;
      expect(await activities.sendNotificationMails(batch([eventId], ids))).toEqual({ sent: 1, skipped: 2 });
      expect(sent.map((message) => message.subject).sort()).toEqual([
        '[CRITICAL] Incident resolved: retry',
        '[CRITICAL] New incident: retry',
        '[CRITICAL] You were assigned an incident: retry',
      ]);
      expect(sent.every((message) => message.to === owner.email)).toBe(true);
      expect(await mailedOf(ids)).toEqual([true, true, true]);
      expect(await activities.sendNotificationMails(batch([eventId], ids))).toEqual({ sent: 0, skipped: 3 });
      expect(sent).toHaveLength(3);
    } finally {
      await client.end();
    }
  });

  it.each([
    ['commits: the notification inserted in that transaction is mailed', 'commit', 1],
    ['rolls back: nothing is mailed', 'rollback', 0],
  ])('started inside the relay batch, it waits until the batch %s', async (_case, outcome, expected) => {
    const relay = new pg.Client({ connectionString: stack.databaseUrl });
    await relay.connect();
    try {
      const eventId = await insertEvent(pgRun(relay), `wait-${outcome}`);
      sent.length = 0;
      // As the relay: the event claimed for update, the notification inserted, the mail workflow started, then commit.
      await relay.query('begin');
      await relay.query('select id from domain_events where id = $1 for update', [eventId]);
      const notificationId = await insertNotification(pgRun(relay), eventId, 'incident.created', `wait-${outcome}`);
      const sending = activities.sendNotificationMails(batch([eventId], [notificationId]));
      await waitingOnLock(stack, 'the activity waits on the batch');
      await relay.query(outcome);
      expect(await sending).toEqual({ sent: expected, skipped: 1 - expected });
      expect(sent).toHaveLength(expected);
    } finally {
      await relay.end();
    }
  });
});
