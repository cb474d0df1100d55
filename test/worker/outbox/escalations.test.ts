import { planEscalations } from '../../../worker/outbox/escalations.ts';
import type { OutboxEvent } from '../../../worker/outbox/outbox-event.ts';

const event = (type: string, incident: Record<string, unknown>, incidentId: string | null = 'i1'): OutboxEvent => ({
  id: `e-${type}`,
  organization_id: 'org-a',
  type,
  incident_id: incidentId,
  data: { incident },
  created_at: new Date(0),
});
const scope = { organizationId: 'org-a', incidentId: 'i1' };

describe('planEscalations', () => {
  it.each([
    ['a new active, unassigned incident opens one', event('incident.created', { status: 'active', assignee_id: null }), [scope], []],
    ['a new incident already assigned opens none', event('incident.created', { status: 'active', assignee_id: 'u1' }), [], []],
    ['a new incident already investigating opens none', event('incident.created', { status: 'investigating', assignee_id: null }), [], []],
    [
      'moving out of active acknowledges',
      event('incident.status_changed', { status: 'investigating', assignee_id: null }),
      [],
      [{ ...scope, signal: 'acknowledge' }],
    ],
    [
      'resolving resolves',
      event('incident.status_changed', { status: 'resolved', assignee_id: null }),
      [],
      [{ ...scope, signal: 'resolve' }],
    ],
    ['reopening to active signals nothing', event('incident.status_changed', { status: 'active', assignee_id: null }), [], []],
    [
      'assigning acknowledges',
      event('incident.updated', { status: 'active', assignee_id: 'u1' }),
      [],
      [{ ...scope, signal: 'acknowledge' }],
    ],
    ['an update leaving it unassigned signals nothing', event('incident.updated', { status: 'active', assignee_id: null }), [], []],
    ['an alert signals nothing', event('alert.received', { status: 'active', assignee_id: null }), [], []],
    ['an event without incident is ignored', event('incident.created', { status: 'active' }, null), [], []],
  ])('%s', (_name, input, open, signals) => {
    expect(planEscalations([input])).toEqual({ open, signals });
  });
});
