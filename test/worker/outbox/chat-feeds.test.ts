import { feedUpdatesOf } from '../../../worker/outbox/chat-feeds.ts';
import type { OutboxEvent } from '../../../worker/outbox/outbox-event.ts';

let counter = 0;
const event = (type: string, data: Record<string, unknown>, incidentId: string | null = 'i1'): OutboxEvent => ({
  id: `e${(counter += 1)}`,
  organization_id: 'org-a',
  type,
  incident_id: incidentId,
  data,
  created_at: new Date(0),
});
const snapshot = (status: string) => ({ incident: { id: 'i1', title: 'API down', severity: 'critical', status } });
const said = (events: OutboxEvent[]) => feedUpdatesOf(events).map(({ update }) => [update.kind, update.text]);

describe('feedUpdatesOf', () => {
  it.each([
    ['an opened incident', [event('incident.created', snapshot('active'))], [['opened', 'Incident opened: API down']]],
    [
      'an acknowledgement',
      [event('incident.status_changed', { ...snapshot('investigating'), previous_status: 'active' })],
      [['status', 'Acknowledged (investigating) (was active)']],
    ],
    [
      'a resolution, said once (incident.resolved repeats it)',
      [
        event('incident.status_changed', { ...snapshot('resolved'), previous_status: 'monitoring' }),
        event('incident.resolved', snapshot('resolved')),
      ],
      [['status', 'Resolved (was monitoring)']],
    ],
    [
      'a reopening',
      [event('incident.status_changed', { ...snapshot('active'), previous_status: 'resolved' })],
      [['status', 'Reopened (was resolved)']],
    ],
    [
      'a status update, public or internal',
      [
        event('status_update.posted', {
          ...snapshot('investigating'),
          status_update: { kind: 'identified', body: 'Bad deploy', visibility: 'public' },
        }),
        event('status_update.posted', {
          ...snapshot('investigating'),
          status_update: { kind: 'monitoring', body: 'Rolled back', visibility: 'internal' },
        }),
      ],
      [
        ['status_update', 'Identified (public update): Bad deploy'],
        ['status_update', 'Monitoring (internal update): Rolled back'],
      ],
    ],
    [
      'a status update of an unknown kind, said not at all',
      [event('status_update.posted', { status_update: { kind: 'bogus', body: 'x' } })],
      [],
    ],
    [
      'a level paged',
      [event('escalation.updated', { escalation: { level: 2, round: 1, sent: 1, failed: 1 } })],
      [['escalated', 'Escalation level 2 paged (round 1): 1 sent, 1 failed']],
    ],
    [
      'chat messages, finished ones only',
      [
        event('chat.message', { message: { body: 'Rolled back', author_kind: 'user' }, state: 'done' }),
        event('chat.message', { message: { body: 'Thinking', author_kind: 'assistant' }, state: 'partial' }),
        event('chat.message', { message: { body: 'Check the cache', author_kind: 'assistant' }, state: 'done' }),
      ],
      [
        ['message', 'Chat: Rolled back'],
        ['message', 'Assistant: Check the cache'],
      ],
    ],
    [
      'events of no incident, alerts and plain updates',
      [event('alert.received', {}, null), event('incident.updated', snapshot('active'))],
      [],
    ],
  ])('%s', (_name, events, expected) => {
    expect(said(events)).toEqual(expected);
  });

  it('keeps event order and each event’s id, and names the incident from the latest snapshot', () => {
    const events = [
      event('incident.created', snapshot('active')),
      event('chat.message', { message: { body: 'hi', author_kind: 'user' }, state: 'done' }),
    ];
    const updates = feedUpdatesOf(events);
    expect(updates.map(({ update }) => update.eventId)).toEqual(events.map((e) => e.id));
    expect(updates[1]?.update.incident).toEqual({ id: 'i1', title: 'API down', severity: 'critical', status: 'active' });
    expect(updates.every((item) => item.organizationId === 'org-a' && item.incidentId === 'i1')).toBe(true);
  });
});
