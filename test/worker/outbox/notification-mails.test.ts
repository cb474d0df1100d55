import { notificationMailMessage } from '../../../shared/mail/notification-mail.ts';
import { notificationKey, notificationMailBatches, planNotificationMails } from '../../../worker/outbox/notification-mails.ts';
import type { NotificationDraft } from '../../../worker/outbox/notification-rules.ts';

const snapshot = { id: 'i1', title: 'Disk full', severity: 'high', status: 'active', source: 'webhook', alert_count: 3 };
const draft = (
  eventId: string,
  userId: string,
  type: NotificationDraft['type'],
  fields: Partial<NotificationDraft> = {},
): NotificationDraft => ({
  eventId,
  organizationId: 'org-a',
  userId,
  type,
  title: 'in-app title',
  body: null,
  data: { incident: snapshot },
  incidentId: 'i1',
  executionId: null,
  email: true,
  ...fields,
});
const keyOf = (d: NotificationDraft) => notificationKey({ event_id: d.eventId, user_id: d.userId, type: d.type });
// Row ids named after their keys, so the expectations read which notification was chosen.
const allInserted = (drafts: NotificationDraft[]) => new Map(drafts.map((d) => [keyOf(d), `n:${keyOf(d)}`]));

describe('planNotificationMails', () => {
  const created = draft('e1', 'u1', 'incident.created');
  const assigned = draft('e1', 'u1', 'incident.assigned');
  const other = draft('e1', 'u2', 'incident.created');
  const resolved = draft('e2', 'u1', 'incident.resolved');
  const waiting = draft('e3', 'u1', 'execution.waiting', { email: true, incidentId: null, data: {} });

  it.each([
    [
      'one mail per notified user',
      [created, other],
      allInserted([created, other]),
      ['n:e1:u1:incident.created', 'n:e1:u2:incident.created'],
    ],
    ['email off: none', [draft('e1', 'u1', 'incident.created', { email: false })], allInserted([created]), []],
    ['a re-run batch inserted nothing: none', [created, other], new Map<string, string>(), []],
    [
      'only the rows inserted (a user of another organization is not)',
      [created, other],
      allInserted([created]),
      ['n:e1:u1:incident.created'],
    ],
    [
      'assigned and created for one user: one mail, the assignment',
      [created, assigned],
      allInserted([created, assigned]),
      ['n:e1:u1:incident.assigned'],
    ],
    ['assignment first in the batch: still one', [assigned, created], allInserted([created, assigned]), ['n:e1:u1:incident.assigned']],
    ['a resolution', [resolved], allInserted([resolved]), ['n:e2:u1:incident.resolved']],
    ['execution waits are not mailed', [waiting], allInserted([waiting]), []],
  ])('%s', (_case, drafts, inserted, expected) => {
    const mails = planNotificationMails(drafts, inserted);
    expect(mails.map((mail) => mail.notificationId)).toEqual(expected);
    expect(mails.every((mail) => mail.organizationId === 'org-a' && mail.notificationId.startsWith(`n:${mail.eventId}:`))).toBe(true);
  });
});

describe('notificationMailBatches', () => {
  const mail = (organizationId: string, eventId: string, n: number) => ({
    organizationId,
    eventId,
    notificationId: `${organizationId}-${n}`,
  });
  const shape = (mails: ReturnType<typeof mail>[], size: number) =>
    notificationMailBatches(mails, 'https://t.example', size).map(
      (batch) => `${batch.organizationId}:${batch.eventIds.join('+')}:${batch.notificationIds.join(',')}`,
    );

  it.each([
    ['nothing to mail: no workflow', [], 2, []],
    ['one organization within the size: one batch', [mail('a', 'e1', 1), mail('a', 'e1', 2)], 2, ['a:e1:a-1,a-2']],
    [
      'cut into chunks of at most the size, each naming its events once',
      [mail('a', 'e1', 1), mail('a', 'e1', 2), mail('a', 'e2', 3)],
      2,
      ['a:e1:a-1,a-2', 'a:e2:a-3'],
    ],
    [
      'never two organizations in one batch',
      [mail('a', 'e1', 1), mail('b', 'e2', 1), mail('a', 'e3', 2)],
      10,
      ['a:e1+e3:a-1,a-2', 'b:e2:b-1'],
    ],
  ])('%s', (_case, mails, size, expected) => {
    expect(shape(mails, size)).toEqual(expected);
  });

  it('carries the link base', () => {
    expect(notificationMailBatches([mail('a', 'e1', 1)], 'https://t.example').map((batch) => batch.publicUrl)).toEqual([
      'https://t.example',
    ]);
  });
});

describe('notificationMailMessage', () => {
  it.each([
    [
      'subject with severity and title',
      {},
      'https://t.example',
      /^\[HIGH\] New incident: Disk full$/,
      /^Open it: https:\/\/t\.example\/incidents\/i1$/m,
    ],
    [
      'line breaks in a title stay out of the subject',
      { title: 'a\r\nBcc: x@evil.test' },
      'https://t.example',
      /^\[HIGH\] New incident: a Bcc: x@evil\.test$/,
      /^Severity: high$/m,
    ],
    ['key facts in the body', {}, 'https://t.example', /Disk full/, /^Status: active\nSource: webhook\nAlerts: 3$/m],
  ])('%s', (_case, fields, base, subject, text) => {
    const message = notificationMailMessage(
      { type: 'incident.created', incidentId: 'i1', data: { incident: { ...snapshot, ...fields } } },
      base,
    );
    expect(message.subject).toMatch(subject);
    expect(message.text).toMatch(text);
  });

  it('carries nothing of the snapshot beyond its public facts', () => {
    const message = notificationMailMessage(
      { type: 'incident.created', incidentId: 'i1', data: { incident: { ...snapshot, labels: { token: 'sekrit' } }, raw: 'sekrit' } },
      'https://t.example',
    );
    expect(JSON.stringify(message)).not.toContain('sekrit');
  });
});
