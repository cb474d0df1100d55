import { planRemediations } from '../../../worker/outbox/remediations.ts';
import type { OutboxEvent } from '../../../worker/outbox/outbox-event.ts';

let seq = 0;
const event = (type: string, incidentId: string | null, data: Record<string, unknown>): OutboxEvent => ({
  id: `e-${(seq += 1)}`,
  organization_id: 'org-1',
  type,
  incident_id: incidentId,
  data,
  created_at: '2026-11-29T12:00:00Z',
});
const ref = (incidentId: string) => ({ organizationId: 'org-1', incidentId });

describe('planRemediations: which incidents may start an automatic run, and whose run stops', () => {
  it.each<[string, OutboxEvent[], ReturnType<typeof planRemediations>]>([
    [
      'a new incident may start one',
      [event('incident.created', 'i-1', { incident: { status: 'active' } })],
      { start: [ref('i-1')], cancel: [] },
    ],
    [
      'a priority set by hand may start one',
      [event('incident.updated', 'i-1', { incident: { status: 'active' }, priority_changed: { from: 'P3', to: 'P1' } })],
      { start: [ref('i-1')], cancel: [] },
    ],
    [
      'a priority cleared starts nothing',
      [event('incident.updated', 'i-1', { incident: { status: 'active' }, priority_changed: { from: 'P1', to: null } })],
      { start: [], cancel: [] },
    ],
    [
      'another update (a title) starts nothing',
      [event('incident.updated', 'i-1', { incident: { status: 'active' } })],
      { start: [], cancel: [] },
    ],
    [
      'resolved by hand or by its alert: its run stops',
      [event('incident.status_changed', 'i-1', { incident: { status: 'resolved' }, previous_status: 'active' })],
      { start: [], cancel: [ref('i-1')] },
    ],
    [
      'resolved by its own run: nothing stops',
      [event('incident.status_changed', 'i-1', { incident: { status: 'resolved' }, resolved_by_execution: 'x-1' })],
      { start: [], cancel: [] },
    ],
    [
      'acknowledged: nothing stops',
      [event('incident.status_changed', 'i-1', { incident: { status: 'investigating' }, previous_status: 'active' })],
      { start: [], cancel: [] },
    ],
    [
      'opened and resolved in one batch: both (the run sees the resolution and starts nothing)',
      [
        event('incident.created', 'i-1', { incident: { status: 'active' } }),
        event('incident.status_changed', 'i-1', { incident: { status: 'resolved' } }),
      ],
      { start: [ref('i-1')], cancel: [ref('i-1')] },
    ],
    [
      'one entry per incident however many events',
      [
        event('incident.created', 'i-1', { incident: { status: 'active' } }),
        event('incident.updated', 'i-1', { priority_changed: { from: null, to: 'P2' } }),
        event('incident.updated', 'i-1', { priority_changed: { from: 'P2', to: 'P1' } }),
      ],
      { start: [ref('i-1')], cancel: [] },
    ],
    ['events without an incident are ignored', [event('schedule.updated', null, {})], { start: [], cancel: [] }],
  ])('%s', (_name, events, expected) => {
    expect(planRemediations(events)).toEqual(expected);
  });
});
