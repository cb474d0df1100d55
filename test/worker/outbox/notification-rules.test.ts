import {
  notificationReads,
  planEventNotifications,
  unseenExecutionWaits,
  type NotificationContext,
} from '../../../worker/outbox/notification-rules.ts';
import type { OutboxEvent } from '../../../worker/outbox/outbox-event.ts';

const ORG = 'org-a';
const event = (id: string, type: string, data: Record<string, unknown>): OutboxEvent => ({
  id,
  type,
  incident_id: 'i1',
  organization_id: ORG,
  data,
  created_at: new Date(0),
});
const incident = (fields: Record<string, unknown> = {}) => ({
  incident: { title: 'Disk full', severity: 'high', status: 'active', assignee_id: null, ...fields },
});
const members = [
  { id: 'owner', role: 'owner' },
  { id: 'viewer', role: 'viewer' },
  { id: 'stranger', role: 'not-a-role' },
];
const context = (
  previous: Record<string, string | null> = {},
  minSeverity = 'high',
  settings: { email?: boolean; notifyOnResolve?: boolean } = {},
  pagedByPolicy: string[] = [],
): NotificationContext => ({
  organizations: new Map([
    [ORG, { minSeverity, email: settings.email ?? true, notifyOnResolve: settings.notifyOnResolve ?? true, members }],
  ]),
  previousAssignee: new Map(Object.entries(previous)),
  pagedByPolicy: new Set(pagedByPolicy),
});
const execution = (step: Record<string, unknown>, startedBy: string | null = null) => ({
  execution: {
    id: 'x1',
    procedure_name: 'Restart',
    started_by: startedBy,
    steps: [
      { step_id: 's0', status: 'completed', type: 'manual' },
      { step_id: 's1', name: 'Approve', ...step },
    ],
  },
});

describe('notificationReads', () => {
  it.each([
    ['an alert reads nothing', [event('e1', 'alert.received', {})], [], []],
    ['an update without an assignee reads nothing (an alert storm)', [event('e1', 'incident.updated', incident())], [], []],
    [
      'an update by the assignee themselves reads nothing',
      [event('e1', 'incident.updated', { ...incident({ assignee_id: 'u1' }), actor_id: 'u1' })],
      [],
      [],
    ],
    [
      'an update with an assignee reads the previous one and its organization',
      [event('e1', 'incident.updated', incident({ assignee_id: 'u1' }))],
      [ORG],
      ['e1'],
    ],
    ['a resolution reads its organization', [event('e1', 'incident.resolved', incident({ status: 'resolved' }))], [ORG], []],
    [
      'a new incident reads its organization once',
      [event('e1', 'incident.created', incident()), event('e2', 'incident.created', incident())],
      [ORG],
      [],
    ],
    [
      'a waiting step reads its organization',
      [event('e1', 'execution.updated', execution({ status: 'waiting', type: 'approval' }))],
      [ORG],
      [],
    ],
    ['a running step reads nothing', [event('e1', 'execution.updated', execution({ status: 'running', type: 'approval' }))], [], []],
  ])('%s', (_case, events, organizationIds, previousAssigneeOf) => {
    expect(notificationReads(events)).toEqual({ organizationIds, previousAssigneeOf });
  });
});

describe('planEventNotifications', () => {
  const plan = (e: OutboxEvent, ctx = context()) => planEventNotifications(e, ctx).map((draft) => `${draft.type}:${draft.userId}`);

  it.each([
    [
      'a high incident tells every member who may read incidents',
      event('e1', 'incident.created', incident()),
      context(),
      ['incident.created:owner', 'incident.created:viewer'],
    ],
    ['below the minimum severity nobody is told', event('e1', 'incident.created', incident({ severity: 'medium' })), context(), []],
    [
      'the organization may lower the minimum',
      event('e1', 'incident.created', incident({ severity: 'low' })),
      context({}, 'low'),
      ['incident.created:owner', 'incident.created:viewer'],
    ],
    [
      'created with an assignee',
      event('e1', 'incident.created', incident({ severity: 'low', assignee_id: 'viewer' })),
      context(),
      ['incident.assigned:viewer'],
    ],
    [
      'assigning oneself tells nobody',
      event('e1', 'incident.created', { ...incident({ severity: 'low', assignee_id: 'owner' }), actor_id: 'owner' }),
      context(),
      [],
    ],
    [
      'an update that assigns someone new',
      event('e2', 'incident.updated', incident({ assignee_id: 'viewer' })),
      context({ e2: null }),
      ['incident.assigned:viewer'],
    ],
    [
      'an update that keeps the assignee',
      event('e2', 'incident.updated', incident({ assignee_id: 'viewer' })),
      context({ e2: 'viewer' }),
      [],
    ],
    [
      'an update that changes the assignee',
      event('e2', 'incident.updated', incident({ assignee_id: 'viewer' })),
      context({ e2: 'owner' }),
      ['incident.assigned:viewer'],
    ],
    [
      'an approval step tells everyone who may update executions',
      event('e1', 'execution.updated', execution({ status: 'waiting', type: 'approval' }, 'viewer')),
      context(),
      ['execution.waiting:owner'],
    ],
    [
      'a manual step tells who started it',
      event('e1', 'execution.updated', execution({ status: 'waiting', type: 'manual' }, 'viewer')),
      context(),
      ['execution.waiting:viewer'],
    ],
    [
      'a manual step without a starter tells the updaters',
      event('e1', 'execution.updated', execution({ status: 'waiting', type: 'manual' })),
      context(),
      ['execution.waiting:owner'],
    ],
    ['a waiting http step tells nobody', event('e1', 'execution.updated', execution({ status: 'waiting', type: 'http' })), context(), []],
    [
      'a high resolution tells the readers',
      event('e1', 'incident.resolved', incident({ status: 'resolved' })),
      context(),
      ['incident.resolved:owner', 'incident.resolved:viewer'],
    ],
    [
      'a resolution below the minimum tells nobody',
      event('e1', 'incident.resolved', incident({ severity: 'low', status: 'resolved' })),
      context(),
      [],
    ],
    [
      'notify_on_resolve off: a resolution tells nobody',
      event('e1', 'incident.resolved', incident({ status: 'resolved' })),
      context({}, 'high', { notifyOnResolve: false }),
      [],
    ],
    [
      'an incident a policy pages tells no member besides',
      event('e1', 'incident.created', incident()),
      context({}, 'high', {}, ['i1']),
      [],
    ],
    [
      'another incident paged does not silence this one',
      event('e1', 'incident.created', incident()),
      context({}, 'high', {}, ['i2']),
      ['incident.created:owner', 'incident.created:viewer'],
    ],
    [
      'an incident a policy pages, created with an assignee, still tells the assignee',
      event('e1', 'incident.created', incident({ assignee_id: 'viewer' })),
      context({}, 'high', {}, ['i1']),
      ['incident.assigned:viewer'],
    ],
    [
      'the resolution of an incident a policy paged tells no member besides',
      event('e1', 'incident.resolved', incident({ status: 'resolved' })),
      context({}, 'high', {}, ['i1']),
      [],
    ],
    [
      'an incident a policy pages still notifies a waiting step',
      event('e1', 'execution.updated', execution({ status: 'waiting', type: 'approval' }, 'viewer')),
      context({}, 'high', {}, ['i1']),
      ['execution.waiting:owner'],
    ],
    ['a status change is not a resolution', event('e1', 'incident.status_changed', incident({ status: 'resolved' })), context(), []],
  ])('%s', (_case, e, ctx, expected) => {
    expect(plan(e, ctx)).toEqual(expected);
  });

  it.each([
    ['a new incident, email on', event('e1', 'incident.created', incident()), context(), [true, true]],
    ['a new incident, email off', event('e1', 'incident.created', incident()), context({}, 'high', { email: false }), [false, false]],
    ['a resolution, email on', event('e1', 'incident.resolved', incident()), context(), [true, true]],
    ['an assignment, email on', event('e2', 'incident.updated', incident({ assignee_id: 'viewer' })), context({ e2: null }), [true]],
    [
      'a waiting step is never mailed',
      event('e1', 'execution.updated', execution({ status: 'waiting', type: 'approval' })),
      context(),
      [false],
    ],
  ])('mails: %s', (_case, e, ctx, expected) => {
    expect(planEventNotifications(e, ctx).map((draft) => draft.email)).toEqual(expected);
  });

  it('drafts carry their event and organization for the batched insert', () => {
    const [draft] = planEventNotifications(
      event('e1', 'incident.created', incident({ severity: 'low', assignee_id: 'viewer' })),
      context(),
    );
    expect(draft).toMatchObject({
      eventId: 'e1',
      organizationId: ORG,
      incidentId: 'i1',
      executionId: null,
      title: 'You were assigned: Disk full',
    });
  });
});

describe('unseenExecutionWaits', () => {
  const waiting = (eventId: string, userId: string, stepId = 's1') =>
    planEventNotifications(
      { ...event(eventId, 'execution.updated', execution({ status: 'waiting', type: 'manual', step_id: stepId }, userId)) },
      {
        organizations: new Map([
          [ORG, { minSeverity: 'high', email: true, notifyOnResolve: true, members: [{ id: userId, role: 'owner' }] }],
        ]),
        previousAssignee: new Map(),
        pagedByPolicy: new Set(),
      },
    );
  const keys = (drafts: ReturnType<typeof waiting>) =>
    drafts.map((draft) => `${draft.eventId}:${draft.userId}:${String(draft.data.step_id)}`);

  it.each([
    ['nothing seen', [...waiting('e1', 'u1')], [], ['e1:u1:s1']],
    ['seen before the batch', [...waiting('e1', 'u1')], ['u1:x1:s1'], []],
    ['two updates of one waiting step in a batch tell once', [...waiting('e1', 'u1'), ...waiting('e2', 'u1')], [], ['e1:u1:s1']],
    ['another step is told again', [...waiting('e1', 'u1'), ...waiting('e2', 'u1', 's2')], [], ['e1:u1:s1', 'e2:u1:s2']],
    ['another user is told', [...waiting('e1', 'u1'), ...waiting('e2', 'u2')], ['u1:x1:s1'], ['e2:u2:s1']],
  ])('%s', (_case, drafts, seen, expected) => {
    expect(keys(unseenExecutionWaits(drafts, new Set(seen)))).toEqual(expected);
  });
});
