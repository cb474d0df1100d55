import { planEscalations } from '../../../worker/outbox/escalations.ts';
import type { OutboxEvent } from '../../../worker/outbox/outbox-event.ts';

const event = (
  type: string,
  incident: Record<string, unknown>,
  incidentId: string | null = 'i1',
  extra: Record<string, unknown> = {},
): OutboxEvent => ({
  id: `e-${type}`,
  organization_id: 'org-a',
  type,
  incident_id: incidentId,
  data: { incident, ...extra },
  created_at: new Date(0),
});
const scope = { organizationId: 'org-a', incidentId: 'i1' };

describe('planEscalations', () => {
  it.each([
    ['a new active, unassigned incident opens one', event('incident.created', { status: 'active', assignee_id: null }), [scope], [], []],
    [
      'a new incident created by hand for someone pages them (cycle 1)',
      event('incident.created', { status: 'active', assignee_id: 'u1', escalation_cycle: 1 }),
      [],
      [{ ...scope, cycle: 1, userId: 'u1', policyId: null, reason: 'created' }],
      [],
    ],
    [
      'a new incident already investigating opens none',
      event('incident.created', { status: 'investigating', assignee_id: null }),
      [],
      [],
      [],
    ],
    [
      'moving out of active acknowledges',
      event('incident.status_changed', { status: 'investigating', assignee_id: null }),
      [],
      [],
      [{ ...scope, cycle: null, signal: 'acknowledge' }],
    ],
    [
      'resolving resolves the cycle it happened in',
      event('incident.status_changed', { status: 'resolved', assignee_id: null, escalation_cycle: 2 }),
      [],
      [],
      [{ ...scope, cycle: 2, signal: 'resolve' }],
    ],
    [
      'reopening (resolved → active) starts the next cycle on its policy',
      event('incident.status_changed', { status: 'active', assignee_id: null, escalation_cycle: 2 }, 'i1', { previous_status: 'resolved' }),
      [],
      [{ ...scope, cycle: 2, userId: null, policyId: null, reason: 'reopened' }],
      [],
    ],
    [
      'reopening an assigned incident pages its assignee',
      event('incident.status_changed', { status: 'active', assignee_id: 'u1', escalation_cycle: 3 }, 'i1', { previous_status: 'resolved' }),
      [],
      [{ ...scope, cycle: 3, userId: 'u1', policyId: null, reason: 'reopened' }],
      [],
    ],
    [
      'back to active from an acknowledged state starts the next cycle from level 1',
      event('incident.status_changed', { status: 'active', assignee_id: null, escalation_cycle: 2 }, 'i1', {
        previous_status: 'investigating',
      }),
      [],
      [{ ...scope, cycle: 2, userId: null, policyId: null, reason: 'reopened' }],
      [],
    ],
    [
      'back to active from mitigated starts the next cycle',
      event('incident.status_changed', { status: 'active', assignee_id: null, escalation_cycle: 5 }, 'i1', {
        previous_status: 'mitigated',
      }),
      [],
      [{ ...scope, cycle: 5, userId: null, policyId: null, reason: 'reopened' }],
      [],
    ],
    [
      'back to active as part of a reassignment starts no cycle of its own',
      event('incident.status_changed', { status: 'active', assignee_id: null, escalation_cycle: 2 }, 'i1', {
        previous_status: 'investigating',
        new_cycle: false,
      }),
      [],
      [],
      [],
    ],
    [
      'assigning acknowledges',
      event('incident.updated', { status: 'active', assignee_id: 'u1' }),
      [],
      [],
      [{ ...scope, cycle: null, signal: 'acknowledge' }],
    ],
    [
      'reassigning to a person starts their cycle instead of acknowledging',
      event('incident.updated', { status: 'active', assignee_id: 'u1', escalation_cycle: 2 }, 'i1', {
        escalation: { cycle: 2, user_id: 'u1', policy_id: null },
      }),
      [],
      [{ ...scope, cycle: 2, userId: 'u1', policyId: null, reason: 'reassigned' }],
      [],
    ],
    [
      'reassigning to a policy starts its cycle',
      event('incident.updated', { status: 'active', assignee_id: null, escalation_cycle: 4 }, 'i1', {
        escalation: { cycle: 4, user_id: null, policy_id: 'p2' },
      }),
      [],
      [{ ...scope, cycle: 4, userId: null, policyId: 'p2', reason: 'reassigned' }],
      [],
    ],
    ['an update leaving it unassigned signals nothing', event('incident.updated', { status: 'active', assignee_id: null }), [], [], []],
    ['an alert signals nothing', event('alert.received', { status: 'active', assignee_id: null }), [], [], []],
    ['an event without incident is ignored', event('incident.created', { status: 'active' }, null), [], [], []],
  ])('%s', (_name, input, open, restart, signals) => {
    expect(planEscalations([input])).toMatchObject({ open, restart, signals });
  });

  it('an acknowledgement (to investigating) in a known cycle starts its timer; mitigating does not', () => {
    const at = new Date('2026-03-01T10:00:00Z');
    const acknowledged = { ...event('incident.status_changed', { status: 'investigating', escalation_cycle: 3 }), created_at: at };
    const mitigated = event('incident.status_changed', { status: 'mitigated', escalation_cycle: 3 });
    expect(planEscalations([acknowledged, mitigated]).acknowledged).toEqual([{ ...scope, cycle: 3, acknowledgedAt: at.getTime() }]);
  });

  it('a snooze is planned for its cycle, and is neither an acknowledgement nor a restart', () => {
    const snoozed = event('incident.updated', { status: 'investigating', assignee_id: 'u1', escalation_cycle: 2 }, 'i1', {
      snooze: { until: '2026-03-01T11:00:00.000Z', cycle: 2 },
    });
    expect(planEscalations([snoozed])).toEqual({
      open: [],
      restart: [],
      signals: [],
      acknowledged: [],
      snoozes: [{ ...scope, cycle: 2, until: '2026-03-01T11:00:00.000Z', acknowledgedAt: 0 }],
    });
  });
});
