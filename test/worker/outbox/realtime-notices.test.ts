import { forEachBounded } from '../../../shared/bounded.ts';
import type { OutboxEvent } from '../../../worker/outbox/outbox-event.ts';
import { batchNotices, eventNotice, MAX_NOTICE_BYTES, type InsertedNotification } from '../../../worker/outbox/realtime-notices.ts';
import { documentsToIndex } from '../../../worker/outbox/search-indexing.ts';

const event = (
  id: string,
  type: string,
  incidentId: string | null,
  organizationId = 'org-a',
  data: Record<string, unknown> = {},
): OutboxEvent => ({
  id,
  type,
  incident_id: incidentId,
  organization_id: organizationId,
  data,
  created_at: '2026-11-23 12:00:00.123456+00',
});

const change = (id: string, type: string, ids: string[], organizationId = 'org-a') =>
  event(id, 'search.document_changed', null, organizationId, { document: { type, ids } });

const notification = (id: string, eventId: string, userId: string): InsertedNotification => ({
  id,
  event_id: eventId,
  user_id: userId,
  type: 'incident.created',
  title: 't',
  body: null,
  data: {},
  incident_id: null,
  execution_id: null,
  read_at: null,
  created_at: '2026-11-23 12:00:01+00',
});

describe('documentsToIndex', () => {
  it.each([
    ['nothing', [], []],
    ['an alert event alone schedules nothing', [event('e1', 'alert.received', 'i1')], []],
    ['incident events without an incident id schedule nothing', [event('e1', 'incident.updated', null)], []],
    [
      'a storm on one incident: once',
      [event('e1', 'alert.received', 'i1'), event('e2', 'incident.updated', 'i1'), event('e3', 'incident.updated', 'i1')],
      ['org-a:incident:i1'],
    ],
    [
      'several incidents, first-seen order',
      [event('e1', 'incident.updated', 'i2'), event('e2', 'incident.created', 'i1'), event('e3', 'incident.resolved', 'i2')],
      ['org-a:incident:i2', 'org-a:incident:i1'],
    ],
    [
      'the same id in two organizations stays two',
      [event('e1', 'incident.updated', 'i1', 'org-a'), event('e2', 'incident.updated', 'i1', 'org-b')],
      ['org-a:incident:i1', 'org-b:incident:i1'],
    ],
    ['execution events are not incidents', [event('e1', 'execution.updated', 'i1')], []],
    [
      'alerts joining an incident that they leave unchanged: nothing to index',
      [
        event('e1', 'alert.received', 'i1'),
        event('e2', 'incident.updated', 'i1', 'org-a', { incident: { id: 'i1' }, alert_ids: ['a1', 'a2'], alert_id: 'a2' }),
      ],
      [],
    ],
    [
      'alerts that raised its severity: once',
      [
        event('e1', 'incident.updated', 'i1', 'org-a', {
          incident: { id: 'i1' },
          alert_ids: ['a1'],
          alert_id: 'a1',
          severity_raised: true,
        }),
      ],
      ['org-a:incident:i1'],
    ],
    [
      "a grouped incident's announcement (once per group_interval): once",
      [event('e1', 'incident.updated', 'i1', 'org-a', { incident: { id: 'i1' }, alert_ids: ['a1'], alert_id: 'a1', joined_alerts: 3 })],
      ['org-a:incident:i1'],
    ],
    [
      'joined alerts beside another change of the same incident: once',
      [
        event('e1', 'incident.updated', 'i1', 'org-a', { incident: { id: 'i1' }, alert_ids: ['a1'], alert_id: 'a1' }),
        event('e2', 'incident.updated', 'i1', 'org-a', { actor_id: 'u1', priority: { from: null, to: 'P1' } }),
      ],
      ['org-a:incident:i1'],
    ],
    [
      'documents the API changed, once each',
      [change('e1', 'article', ['a1']), change('e2', 'article', ['a1']), change('e3', 'log', ['l1', 'l2'])],
      ['org-a:article:a1', 'org-a:log:l1', 'org-a:log:l2'],
    ],
    [
      'a change in another organization stays there',
      [change('e1', 'procedure', ['p1']), change('e2', 'procedure', ['p1'], 'org-b')],
      ['org-a:procedure:p1', 'org-b:procedure:p1'],
    ],
    [
      'beside incidents',
      [event('e1', 'incident.updated', 'i1'), change('e2', 'incident', ['i1']), change('e3', 'procedure', ['p1'])],
      ['org-a:incident:i1', 'org-a:procedure:p1'],
    ],
    [
      'malformed changes name nothing',
      [
        event('e1', 'search.document_changed', null, 'org-a', { document: { type: 'user', ids: ['u1'] } }),
        event('e2', 'search.document_changed', null, 'org-a', { document: { type: 'log', ids: 'l1' } }),
        event('e3', 'search.document_changed', null),
      ],
      [],
    ],
  ])('%s', (_case, events, expected) => {
    expect(documentsToIndex(events).map((input) => `${input.organizationId}:${input.type}:${input.id}`)).toEqual(expected);
  });
});

describe('batchNotices', () => {
  it.each([
    [
      'events in outbox order, each after its notifications',
      [event('e1', 'incident.created', 'i1'), event('e2', 'alert.received', 'i1')],
      [notification('n1', 'e1', 'u1'), notification('n2', 'e1', 'u2')],
      ['notification:n1', 'notification:n2', 'event:e1', 'event:e2'],
    ],
    [
      'events not pushed in real time still carry their notifications',
      [event('e1', 'incident.assigned', 'i1'), event('e2', 'incident.updated', 'i1')],
      [notification('n1', 'e1', 'u1')],
      ['notification:n1', 'event:e2'],
    ],
    [
      'notifications are matched to their event, whatever order they were returned in',
      [event('e1', 'incident.created', 'i1'), event('e2', 'incident.created', 'i2')],
      [notification('n2', 'e2', 'u1'), notification('n1', 'e1', 'u1')],
      ['notification:n1', 'event:e1', 'notification:n2', 'event:e2'],
    ],
    ['a paged escalation level is pushed', [event('e1', 'escalation.updated', 'i1')], [], ['event:e1']],
    ['a sent page is pushed', [event('e1', 'page.sent', 'i1')], [], ['event:e1']],
  ])('%s', (_case, events, notifications, expected) => {
    expect(
      batchNotices(events, notifications).map((notice) =>
        notice.kind === 'event' ? `event:${notice.id}` : `notification:${String(notice.data.id)}`,
      ),
    ).toEqual(expected);
  });

  it('a notification notice carries the row for its user, without the columns used to route it', () => {
    const [notice] = batchNotices([event('e1', 'incident.assigned', 'i1')], [notification('n1', 'e1', 'u1')]);
    expect(notice).toEqual({
      kind: 'notification',
      organization_id: 'org-a',
      user_id: 'u1',
      timestamp: '2026-11-23T12:00:01.000Z',
      data: {
        id: 'n1',
        type: 'incident.created',
        title: 't',
        body: null,
        data: {},
        incident_id: null,
        execution_id: null,
        read_at: null,
        read: false,
        created_at: '2026-11-23T12:00:01.000Z',
      },
    });
  });
});

describe('eventNotice', () => {
  it.each([
    ['small data travels inline', { incident: { title: 'x' } }, true],
    ['data too large for NOTIFY is left out', { blob: 'x'.repeat(MAX_NOTICE_BYTES) }, false],
  ])('%s', (_case, data, inline) => {
    const notice = eventNotice(event('e1', 'incident.updated', 'i1', 'org-a', data));
    expect(notice).toMatchObject({ kind: 'event', id: 'e1', incident_id: 'i1', timestamp: '2026-11-23T12:00:00.123Z' });
    expect('data' in notice).toBe(inline);
  });
});

describe('forEachBounded', () => {
  it.each([[1], [3], [16]])('runs every item with at most %i at a time', async (limit) => {
    let running = 0;
    let peak = 0;
    const done: number[] = [];
    await forEachBounded(
      Array.from({ length: 10 }, (_, i) => i),
      limit,
      async (item) => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setImmediate(resolve));
        done.push(item);
        running -= 1;
      },
    );
    expect(done.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(peak).toBe(Math.min(limit, 10));
  });

  it('rejects with a failure once the others settled', async () => {
    const done: number[] = [];
    await expect(
      forEachBounded([1, 2, 3], 2, async (item) => {
        if (item === 1) throw new Error('boom');
        await new Promise((resolve) => setImmediate(resolve));
        done.push(item);
      }),
    ).rejects.toThrow('boom');
    expect(done.sort()).toEqual([2, 3]);
  });
});
