import { planResponderPages } from '../../../worker/outbox/responders.ts';
import type { OutboxEvent } from '../../../worker/outbox/outbox-event.ts';

const event = (type: string, data: Record<string, unknown>, incidentId: string | null = 'i1'): OutboxEvent => ({
  id: `e-${type}`,
  organization_id: 'org-a',
  type,
  incident_id: incidentId,
  data,
  created_at: new Date(0),
});
const start = (responderId: string) => ({ organizationId: 'org-a', incidentId: 'i1', responderId });

describe('planResponderPages', () => {
  it.each<[string, OutboxEvent[], ReturnType<typeof start>[]]>([
    [
      'one request, two responders: one page each',
      [event('responders.requested', { responder_ids: ['r1', 'r2'] })],
      [start('r1'), start('r2')],
    ],
    ['other events page no responder', [event('incident.updated', { responder_ids: ['r1'] })], []],
    ['an event without an incident pages nobody', [event('responders.requested', { responder_ids: ['r1'] }, null)], []],
    ['malformed ids are skipped', [event('responders.requested', { responder_ids: ['r1', 7, null] })], [start('r1')]],
    ['no ids', [event('responders.requested', {})], []],
  ])('%s', (_name, events, expected) => {
    expect(planResponderPages(events)).toEqual(expected);
  });
});
