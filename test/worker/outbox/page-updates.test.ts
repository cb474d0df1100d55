import { planPageUpdates } from '../../../worker/outbox/page-updates.ts';
import type { OutboxEvent } from '../../../worker/outbox/outbox-event.ts';

const event = (type: string, data: Record<string, unknown>, incidentId: string | null = 'i1'): OutboxEvent => ({
  id: 'e1',
  organization_id: 'org-a',
  type,
  incident_id: incidentId,
  data,
  created_at: new Date(0),
});
const scope = { eventId: 'e1', organizationId: 'org-a', incidentId: 'i1' };
const statusChange = (from: string, to: string) => event('incident.status_changed', { incident: { status: to }, previous_status: from });
const paged = (level: number, round = 1, cycle = 1) =>
  event('escalation.updated', { escalation: { cycle, round, level, sent: 1, failed: 0, pages: [] } });

describe('planPageUpdates', () => {
  it.each([
    [
      'acknowledging (active → investigating) updates',
      statusChange('active', 'investigating'),
      [{ ...scope, action: 'acknowledge', status: 'investigating' }],
    ],
    ['resolving updates', statusChange('investigating', 'resolved'), [{ ...scope, action: 'resolve', status: 'resolved' }]],
    [
      'resolving straight from active updates as resolved',
      statusChange('active', 'resolved'),
      [{ ...scope, action: 'resolve', status: 'resolved' }],
    ],
    ['reopening (resolved → active) updates', statusChange('resolved', 'active'), [{ ...scope, action: 'reopened', status: 'active' }]],
    [
      'back to active on a reassignment updates',
      statusChange('investigating', 'active'),
      [{ ...scope, action: 'reopened', status: 'active' }],
    ],
    ['investigating → mitigated is no news to the paged', statusChange('investigating', 'mitigated'), []],
    ['level 2 paged escalates', paged(2), [{ ...scope, action: 'escalate', status: 'active', paged: { cycle: 1, round: 1, level: 2 } }]],
    [
      'a second round escalates',
      paged(1, 2, 3),
      [{ ...scope, action: 'escalate', status: 'active', paged: { cycle: 3, round: 2, level: 1 } }],
    ],
    ['level 1 of round 1 is the first page, not an escalation', paged(1), []],
    ['an event of no incident asks nothing', event('incident.status_changed', { incident: { status: 'resolved' } }, null), []],
    ['a status change without a status asks nothing', event('incident.status_changed', { incident: {} }), []],
    ['other updates ask nothing', event('incident.updated', { incident: { status: 'active', assignee_id: 'u1' } }), []],
  ])('%s', (_name, input, expected) => {
    expect(planPageUpdates([input])).toEqual(expected);
  });

  it('keeps the events’ order, one request each', () => {
    const events = [statusChange('active', 'investigating'), { ...statusChange('investigating', 'resolved'), id: 'e2' }];
    expect(planPageUpdates(events).map((request) => [request.eventId, request.action])).toEqual([
      ['e1', 'acknowledge'],
      ['e2', 'resolve'],
    ]);
  });
});
