import { notificationKey, notificationMailMessage, planNotificationMails } from '../../activities/notification-mail.ts';
import type { NotificationDraft } from '../../activities/notification-rules.ts';

const snapshot = { id: 'i1', title: 'Disk full', severity: 'high', status: 'active', source: 'webhook', alert_count: 3 };
const draft = (eventId: string, userId: string, type: NotificationDraft['type'], fields: Partial<NotificationDraft> = {}): NotificationDraft => ({
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
const allInserted = (drafts: NotificationDraft[]) => new Set(drafts.map(keyOf));

describe('planNotificationMails', () => {
  const created = draft('e1', 'u1', 'incident.created');
  const assigned = draft('e1', 'u1', 'incident.assigned');
  const other = draft('e1', 'u2', 'incident.created');
  const resolved = draft('e2', 'u1', 'incident.resolved');
  const waiting = draft('e3', 'u1', 'execution.waiting', { email: true, incidentId: null, data: {} });

  it.each([
    ['one mail per notified user', [created, other], allInserted([created, other]), ['e1:u1:New incident', 'e1:u2:New incident']],
    ['email off: none', [draft('e1', 'u1', 'incident.created', { email: false })], allInserted([created]), []],
    ['a re-run batch inserted nothing: none', [created, other], new Set<string>(), []],
    ['only the rows inserted (a user of another organization is not)', [created, other], allInserted([created]), ['e1:u1:New incident']],
    ['assigned and created for one user: one mail, the assignment', [created, assigned], allInserted([created, assigned]), ['e1:u1:You were assigned an incident']],
    ['assignment first in the batch: still one', [assigned, created], allInserted([created, assigned]), ['e1:u1:You were assigned an incident']],
    ['a resolution', [resolved], allInserted([resolved]), ['e2:u1:Incident resolved']],
    ['execution waits are not mailed', [waiting], allInserted([waiting]), []],
  ])('%s', (_case, drafts, inserted, expected) => {
    expect(planNotificationMails(drafts, inserted, 'https://tocsin.example').map((mail) => `${mail.eventId}:${mail.userId}:${mail.subject.replace(/^\[HIGH\] (.*): Disk full$/, '$1')}`)).toEqual(expected);
  });
});

describe('notificationMailMessage', () => {
  it.each([
    ['subject with severity and title', {}, 'https://t.example', /^\[HIGH\] New incident: Disk full$/, /^Open it: https:\/\/t\.example\/incidents\/i1$/m],
    ['line breaks in a title stay out of the subject', { title: 'a\r\nBcc: x@evil.test' }, 'https://t.example', /^\[HIGH\] New incident: a Bcc: x@evil\.test$/, /^Severity: high$/m],
    ['key facts in the body', {}, 'https://t.example', /Disk full/, /^Status: active\nSource: webhook\nAlerts: 3$/m],
  ])('%s', (_case, fields, base, subject, text) => {
    const message = notificationMailMessage({ type: 'incident.created', incidentId: 'i1', data: { incident: { ...snapshot, ...fields } } }, base);
    expect(message.subject).toMatch(subject);
    expect(message.text).toMatch(text);
  });

  it('carries nothing of the snapshot beyond its public facts', () => {
    const message = notificationMailMessage({ type: 'incident.created', incidentId: 'i1', data: { incident: { ...snapshot, labels: { token: 'sekrit' } }, raw: 'sekrit' } }, 'https://t.example');
    expect(JSON.stringify(message)).not.toContain('sekrit');
  });
});
