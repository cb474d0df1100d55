import { planStatusUpdateMails } from '../../../worker/outbox/status-updates.ts';
import type { OutboxEvent } from '../../../worker/outbox/outbox-event.ts';

const event = (type: string, data: Record<string, unknown>, organization = 'org-a'): OutboxEvent => ({
  id: `e-${type}`,
  organization_id: organization,
  type,
  incident_id: 'i1',
  data,
  created_at: new Date(0),
});

describe('planStatusUpdateMails', () => {
  it.each([
    [
      'one workflow per posted update, in its organization',
      [event('status_update.posted', { status_update: { id: 'u1' } }, 'org-b')],
      [{ organizationId: 'org-b', statusUpdateId: 'u1' }],
    ],
    ['nothing for other events', [event('incident.created', { status_update: { id: 'u1' } }), event('chat.message', {})], []],
    ['nothing for an event without an update id', [event('status_update.posted', { status_update: { id: 7 } })], []],
  ])('%s', (_name, events, expected) => {
    expect(planStatusUpdateMails(events)).toEqual(expected);
  });
});
