import { planIcalLayerSync } from '../../../worker/outbox/ical-layers.ts';
import type { OutboxEvent } from '../../../worker/outbox/outbox-event.ts';

const event = (id: string, data: Record<string, unknown>, type = 'schedule.updated'): OutboxEvent => ({
  id,
  organization_id: 'org-a',
  type,
  incident_id: null,
  data: { schedule_id: 's1', ...data },
  created_at: new Date(0),
});
const refresh = (layerId: string, eventId: string) => ({ organizationId: 'org-a', scheduleId: 's1', layerId, eventId });

describe('planIcalLayerSync', () => {
  it.each([
    [
      'a written layer is refreshed, keyed by its event',
      [event('e1', { ical: { refresh: ['l1'], removed: [] } })],
      [refresh('l1', 'e1')],
      [],
    ],
    ['a removed layer loses its schedule', [event('e1', { ical: { refresh: [], removed: ['l1'] } })], [], ['l1']],
    [
      'the last event of a layer in the batch decides',
      [event('e1', { ical: { refresh: ['l1', 'l2'], removed: [] } }), event('e2', { ical: { refresh: ['l2'], removed: ['l1'] } })],
      [refresh('l2', 'e2')],
      ['l1'],
    ],
    [
      'a removed then re-added layer is refreshed',
      [event('e1', { ical: { removed: ['l1'] } }), event('e2', { ical: { refresh: ['l1'] } })],
      [refresh('l1', 'e2')],
      [],
    ],
    ['events without ical changes ask nothing', [event('e1', { reason: 'override_added' })], [], []],
    ['other event types ask nothing', [event('e1', { ical: { refresh: ['l1'] } }, 'incident.created')], [], []],
    ['malformed data asks nothing', [event('e1', { ical: { refresh: [1, null], removed: 'l1' } })], [], []],
  ])('%s', (_name, events, expectedRefresh, expectedRemove) => {
    expect(planIcalLayerSync(events)).toEqual({ refresh: expectedRefresh, remove: expectedRemove });
  });
});
