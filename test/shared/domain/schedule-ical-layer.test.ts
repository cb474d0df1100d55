import { CalendarUrlSchema, scheduleDefinition, type LayerInput } from '../../../shared/domain/schedule-definition.ts';
import { renderSchedule } from '../../../shared/domain/schedule.ts';
import { calendarUrlHint, planIcalLayers } from '../../../shared/domain/schedule-ical-layer.ts';

const START = '2026-12-01T00:00:00.000Z';
const ical = (fields: Partial<Extract<LayerInput, { kind: 'ical' }>>): LayerInput => ({
  kind: 'ical',
  start: START,
  restrictions: [],
  ...fields,
});
const rotation: LayerInput = {
  kind: 'rotation',
  users: ['u1'],
  rotation: 'daily',
  handoff_time: '09:00',
  start: START,
  restrictions: [],
};
const ids = () => {
  let n = 0;
  return () => `new-${(n += 1)}`;
};

describe('calendarUrlHint', () => {
  it.each([
    ['https://calendar.example.com/private-abc/basic.ics', 'https://calendar.example.com/…'],
    ['https://example.com/feed?token=abc', 'https://example.com/…'],
    ['https://example.com', 'https://example.com/'],
    ['http://127.0.0.1:8080/a.ics', 'http://127.0.0.1:8080/…'],
    ['not a url', null],
  ])('%s → %s', (url, hint) => {
    expect(calendarUrlHint(url)).toBe(hint);
  });
});

describe('planIcalLayers', () => {
  it.each([
    {
      name: 'a new layer with a URL gets a fresh id and is fetched',
      input: [rotation, ical({ url: 'https://a.test/x.ics' })],
      existing: [],
      layers: [rotation, { kind: 'ical', id: 'new-1', name: null, start: START, end: null, restrictions: [] }],
      written: [{ id: 'new-1', url: 'https://a.test/x.ics' }],
      removed: [],
      errors: [],
    },
    {
      name: 'a known id without a URL keeps its URL and is not fetched',
      input: [ical({ id: 'k1', name: 'Team' })],
      existing: ['k1'],
      layers: [{ kind: 'ical', id: 'k1', name: 'Team', start: START, end: null, restrictions: [] }],
      written: [],
      removed: [],
      errors: [],
    },
    {
      name: 'a known id with a URL rewrites it',
      input: [ical({ id: 'k1', url: 'https://b.test/y.ics' })],
      existing: ['k1', 'k2'],
      layers: [{ kind: 'ical', id: 'k1', name: null, start: START, end: null, restrictions: [] }],
      written: [{ id: 'k1', url: 'https://b.test/y.ics' }],
      removed: ['k2'],
      errors: [],
    },
    {
      name: 'an unknown id is a new layer: it needs a URL and never keeps the id',
      input: [rotation, ical({ id: 'someone-elses' })],
      existing: ['k1'],
      layers: [rotation],
      written: [],
      removed: ['k1'],
      errors: [{ path: 'body.layers.1.url', message: 'required for a new ical layer' }],
    },
    {
      name: 'an unknown id with a URL is a new layer with a fresh id',
      input: [ical({ id: 'someone-elses', url: 'https://c.test/z.ics' })],
      existing: [],
      layers: [{ kind: 'ical', id: 'new-1', name: null, start: START, end: null, restrictions: [] }],
      written: [{ id: 'new-1', url: 'https://c.test/z.ics' }],
      removed: [],
      errors: [],
    },
  ])('$name', ({ input, existing, layers, written, removed, errors }) => {
    const plan = planIcalLayers(input, new Set(existing), ids());
    expect(plan).toEqual({ layers, written, removed, errors });
  });
});

describe('scheduleDefinition with an ical layer', () => {
  it('renders the imported events above the rotation below, and nothing for a layer not yet fetched', () => {
    const day = Date.parse(START);
    const layers = [
      { kind: 'rotation' as const, users: ['u1'], rotation: 'daily' as const, handoff_time: '00:00', start: START, restrictions: [] },
      { kind: 'ical' as const, id: 'f1', start: START, restrictions: [] },
      { kind: 'ical' as const, id: 'f2', start: START, restrictions: [] },
    ];
    const imported = new Map([['f1', [{ user: 'u2', start: day + 3_600_000, end: day + 7_200_000 }]]]);
    const rendered = renderSchedule(scheduleDefinition({ timeZone: 'UTC', layers }, [], imported), day, day + 86_400_000);
    expect(rendered.shifts).toEqual([
      { user: 'u1', start: day, end: day + 3_600_000, source: 'layer' },
      { user: 'u2', start: day + 3_600_000, end: day + 7_200_000, source: 'layer' },
      { user: 'u1', start: day + 7_200_000, end: day + 86_400_000, source: 'layer' },
    ]);
    expect(rendered.layers[2]).toEqual([]);
  });
});

describe('CalendarUrlSchema', () => {
  it.each([
    ['', false],
    ['not a url', false],
    ['ftp://calendar.example.test/a.ics', false],
    ['https://user:pass@calendar.example.test/a.ics', false],
    ['https://calendar.example.test/private/token.ics', true],
    ['http://calendar.example.test/a.ics?key=1', true],
    [`https://${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}/a.ics`, true],
    [`https://${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(62)}/a.ics`, false],
  ])('%j: accepted %s, refused without throwing', (value, accepted) => {
    expect(CalendarUrlSchema.safeParse(value).success).toBe(accepted);
  });
});
