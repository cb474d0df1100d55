import { draftOf, emptyIcalLayer, emptyLayer, layerOf, type IcalDraft, type LayerDraft } from '../../console/src/lib/layer-drafts.ts';
import type { components } from '../../clients/typescript/schema.d.ts';

type SavedLayer = components['schemas']['Schedule']['layers'][number];
const ZONE = 'Europe/Berlin';
const LAYER_ID = '0b8f3c52-6c1e-4d0e-9a57-3f1f2f8b7e10';

const savedIcal: SavedLayer = {
  kind: 'ical',
  id: LAYER_ID,
  name: 'Team calendar',
  start: '2026-11-26T08:00:00.000Z',
  end: null,
  restrictions: [{ days: ['monday'], start: '09:00', end: '17:00' }],
  url_hint: 'https://calendar.example.com/…',
  last_fetched_at: '2026-11-27T10:00:00.000Z',
  last_succeeded_at: '2026-11-27T10:00:00.000Z',
  last_error: null,
  event_count: 3,
  unmatched_count: 1,
};
const savedRotation: SavedLayer = {
  kind: 'rotation',
  name: null,
  start: '2026-11-26T08:00:00.000Z',
  end: '2026-12-26T08:00:00.000Z',
  restrictions: [],
  users: ['u1', 'u2', 'u1'],
  rotation: 'weekly',
  turn_hours: null,
  handoff_time: '09:00',
  handoff_day: 'tuesday',
};
const editedIcal = (patch: Partial<IcalDraft>): LayerDraft => ({ ...(draftOf(savedIcal, ZONE) as IcalDraft), ...patch });

describe('layerOf(draftOf(layer)): what the schedule form sends back for a saved layer', () => {
  it.each<[string, LayerDraft, Record<string, unknown>]>([
    [
      // No url: the API keeps the saved (write-only) URL of the layer with this id.
      'a saved ical layer left alone goes back by id, without a URL or its read-only fetch state',
      draftOf(savedIcal, ZONE),
      {
        kind: 'ical',
        id: LAYER_ID,
        name: 'Team calendar',
        start: '2026-11-26T09:00:00+01:00',
        end: null,
        restrictions: [{ days: ['monday'], start: '09:00', end: '17:00' }],
      },
    ],
    [
      'a saved ical layer with a new URL sends it, trimmed, with its id',
      editedIcal({ url: '  https://other.example.com/team.ics  ', name: ' ' }),
      {
        kind: 'ical',
        id: LAYER_ID,
        url: 'https://other.example.com/team.ics',
        name: null,
        start: '2026-11-26T09:00:00+01:00',
        end: null,
        restrictions: [{ days: ['monday'], start: '09:00', end: '17:00' }],
      },
    ],
    [
      'a saved rotation goes back as it was',
      draftOf(savedRotation, ZONE),
      {
        kind: 'rotation',
        name: null,
        start: '2026-11-26T09:00:00+01:00',
        end: '2026-12-26T09:00:00+01:00',
        restrictions: [],
        users: ['u1', 'u2', 'u1'],
        rotation: 'weekly',
        turn_hours: null,
        handoff_time: '09:00',
        handoff_day: 'tuesday',
      },
    ],
  ])('%s', (_name, draft, sent) => {
    expect(layerOf(draft, ZONE)).toStrictEqual(sent);
  });

  it('never carries the URL hint into what is sent', () => {
    expect(JSON.stringify(layerOf(draftOf(savedIcal, ZONE), ZONE))).not.toContain('calendar.example.com');
  });

  it('keeps the layer order and each kind, lowest first', () => {
    const layers = [savedRotation, savedIcal, { ...savedRotation, name: 'Top' }];
    expect(layers.map((layer) => layerOf(draftOf(layer, ZONE), ZONE)).map((layer) => [layer.kind, layer.name])).toEqual([
      ['rotation', null],
      ['ical', 'Team calendar'],
      ['rotation', 'Top'],
    ]);
  });
});

describe('new layers', () => {
  const now = new Date('2026-11-27T18:00:00Z');

  it('a new ical layer sends the URL typed and no id, starting today at 09:00 in the zone', () => {
    const draft: LayerDraft = { ...emptyIcalLayer(ZONE, now), url: 'https://calendar.example.com/team.ics' };
    expect(layerOf(draft, ZONE)).toStrictEqual({
      kind: 'ical',
      url: 'https://calendar.example.com/team.ics',
      name: null,
      start: '2026-11-27T09:00:00+01:00',
      end: null,
      restrictions: [],
    });
  });

  // The API refuses a new ical layer without a URL: sending the empty one lets it say which field.
  it('a new ical layer with no URL still sends the empty URL', () => {
    expect(layerOf(emptyIcalLayer(ZONE, now), ZONE)).toMatchObject({ kind: 'ical', url: '' });
  });

  it('a new rotation is a weekly rotation from today', () => {
    expect(layerOf(emptyLayer(ZONE, now), ZONE)).toMatchObject({
      kind: 'rotation',
      rotation: 'weekly',
      start: '2026-11-27T09:00:00+01:00',
    });
  });
});
