import fc from 'fast-check';
import {
  onCallAt,
  renderLayer,
  renderSchedule,
  type ScheduleDefinition,
  type ScheduleLayer,
  type Weekday,
} from '../../../shared/domain/schedule.ts';
import { createOnCallSnapshot } from '../../../shared/domain/on-call-snapshot.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const YEAR_START = Date.parse('2026-01-01T00:00:00Z');
const ZONES = ['UTC', 'Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata', 'Pacific/Chatham', 'America/St_Johns'];
const USERS = ['ann', 'bob', 'cat', 'dan'];

const localTime = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
const instant = fc.integer({ min: 0, max: 360 * 24 * 4 }).map((quarter) => YEAR_START + quarter * 15 * 60_000);
const weekday = fc.integer({ min: 1, max: 7 }) as fc.Arbitrary<Weekday>;
const restriction = fc.record({
  days: fc.option(fc.uniqueArray(weekday, { minLength: 1, maxLength: 7 }), { nil: undefined }),
  start: localTime,
  end: localTime,
});

const rotationLayer: fc.Arbitrary<ScheduleLayer> = fc
  .record({
    users: fc.array(fc.constantFrom(...USERS), { minLength: 0, maxLength: 4 }),
    rotation: fc.constantFrom('daily' as const, 'weekly' as const, 'custom' as const),
    handoff_time: localTime,
    handoff_day: weekday,
    turn_hours: fc.integer({ min: 1, max: 72 }),
    start: instant,
    length: fc.option(
      fc.integer({ min: 1, max: 60 * 24 }).map((hours) => hours * HOUR),
      { nil: undefined },
    ),
    restrictions: fc.array(restriction, { maxLength: 2 }),
  })
  .map(({ length, ...layer }) => ({ kind: 'rotation' as const, ...layer, end: length === undefined ? null : layer.start + length }));

const icalLayer: fc.Arbitrary<ScheduleLayer> = fc
  .record({
    start: instant,
    events: fc.array(
      fc
        .record({ user: fc.constantFrom(...USERS), start: instant, hours: fc.integer({ min: 1, max: 96 }) })
        .map(({ hours, ...event }) => ({ ...event, end: event.start + hours * HOUR })),
      { maxLength: 6 },
    ),
    restrictions: fc.array(restriction, { maxLength: 1 }),
  })
  .map((layer) => ({ kind: 'ical' as const, ...layer }));

const schedule: fc.Arbitrary<ScheduleDefinition> = fc.record({
  time_zone: fc.constantFrom(...ZONES),
  layers: fc.array(fc.oneof({ arbitrary: rotationLayer, weight: 4 }, { arbitrary: icalLayer, weight: 1 }), { maxLength: 3 }),
  overrides: fc
    .array(
      fc
        .record({ user: fc.constantFrom(...USERS), start: instant, hours: fc.integer({ min: 1, max: 200 }) })
        .map(({ hours, ...o }) => ({ ...o, end: o.start + hours * HOUR })),
      { maxLength: 3 },
    )
    .map((overrides) => overrides.map((o, i) => ({ id: `o${i}`, ...o }))),
});

const range = fc
  .tuple(instant, fc.integer({ min: 1, max: 14 * 24 * 4 }))
  .map(([from, quarters]) => ({ from, to: from + quarters * 15 * 60_000 }));

/** Who should be on call at `t`, straight from the rules, without the renderer's painting. */
function oracle(definition: ScheduleDefinition, t: number): string | null {
  for (const o of [...definition.overrides].reverse()) if (o.start <= t && t < o.end) return o.user;
  for (const layer of [...definition.layers].reverse()) {
    const holding = renderLayer(layer, definition.time_zone, t, t + 1).filter((interval) => interval.start <= t && t < interval.end);
    if (holding.length === 0) continue;
    // Overlapping imported events: the later-starting one wins, then the later-listed.
    const latest = Math.max(...holding.map((interval) => interval.start));
    return holding.filter((interval) => interval.start === latest).at(-1)!.user;
  }
  return null;
}

describe('renderSchedule (property)', () => {
  it('covers [from, to) exactly once with shifts and gaps, and agrees with the rules and onCallAt at every instant', () => {
    fc.assert(
      fc.property(
        schedule,
        range,
        fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), { minLength: 1, maxLength: 5 }),
        (definition, { from, to }, probes) => {
          const { shifts, gaps } = renderSchedule(definition, from, to);
          const pieces = [...shifts.map((s) => ({ start: s.start, end: s.end })), ...gaps].sort((a, b) => a.start - b.start);
          let cursor = from;
          for (const piece of pieces) {
            expect(piece.start).toBe(cursor);
            expect(piece.end).toBeGreaterThan(piece.start);
            cursor = piece.end;
          }
          expect(cursor).toBe(to);
          for (let i = 1; i < shifts.length; i += 1) {
            const [a, b] = [shifts[i - 1], shifts[i]];
            expect(a.end === b.start && a.user === b.user && a.source === b.source).toBe(false);
          }
          for (let i = 1; i < gaps.length; i += 1) expect(gaps[i].start).toBeGreaterThan(gaps[i - 1].end);
          const edges = [from, to - 1, ...shifts.slice(0, 4).flatMap((s) => [s.start, s.end - 1])];
          for (const t of [...edges, ...probes.map((p) => Math.min(to - 1, from + Math.floor(p * (to - from))))]) {
            const holding = shifts.find((s) => s.start <= t && t < s.end);
            expect(holding?.user ?? null).toBe(oracle(definition, t));
            expect(onCallAt(definition, t)?.user ?? null).toBe(holding?.user ?? null);
            expect(onCallAt(definition, t)?.source ?? null).toBe(holding?.source ?? null);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('never loses or doubles a rotation turn: consecutive turns hand over at the same local time', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), localTime, instant, (zone, handoff, start) => {
        const layer: ScheduleLayer = { kind: 'rotation', users: ['ann', 'bob', 'cat'], rotation: 'daily', handoff_time: handoff, start };
        const turns = renderLayer(layer, zone, start, start + 40 * DAY);
        for (let i = 1; i < turns.length; i += 1) {
          expect(turns[i].start).toBe(turns[i - 1].end);
          expect(turns[i].user).toBe(['ann', 'bob', 'cat'][i % 3]);
          // A turn is a wall-clock day: 24 h give or take the zone's largest change (Lord Howe: 30 min).
          if (i < turns.length - 1) expect(Math.abs(turns[i].end - turns[i].start - DAY)).toBeLessThanOrEqual(HOUR);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('an on-call snapshot answers every instant, in any order, for every schedule or one of them, exactly as onCallAt does', () => {
    // Each step asks for every schedule (`GET /oncall`) or one (an escalation's schedule target).
    const walk = fc.array(fc.tuple(fc.nat(), fc.oneof(instant, fc.integer({ min: -3 * DAY, max: 3 * DAY }))), {
      minLength: 1,
      maxLength: 40,
    });
    fc.assert(
      fc.property(fc.array(schedule, { minLength: 1, maxLength: 3 }), instant, walk, (definitions, first, steps) => {
        const snapshot = createOnCallSnapshot(
          definitions.map((definition, i) => ({ id: `s${i}`, name: `s${i}`, timeZone: definition.time_zone, definition })),
          Number.NEGATIVE_INFINITY,
        );
        // Absolute instants and small steps from the previous one: reuse of a remembered stretch is exercised.
        let t = first;
        for (const [pick, step] of steps) {
          t = Math.abs(step) <= 3 * DAY ? t + step : step;
          const one = pick % (definitions.length + 1);
          if (one === definitions.length)
            expect(snapshot.at(t).map(({ shift }) => shift)).toEqual(definitions.map((definition) => onCallAt(definition, t)));
          else expect(snapshot.shiftOf(`s${one}`, t)).toEqual(onCallAt(definitions[one]!, t));
        }
        expect(snapshot.shiftOf('not-held', t)).toBeUndefined();
      }),
      { numRuns: 200 },
    );
  });

  it('a remembered stretch longer than the horizon from a later instant is rendered again, clipped as onCallAt clips it', () => {
    // A ten-day override alone: whole from its middle, clipped at its end from an hour after its start.
    const definition: ScheduleDefinition = {
      time_zone: 'UTC',
      layers: [],
      overrides: [{ id: 'o', user: 'ann', start: YEAR_START, end: YEAR_START + 10 * DAY }],
    };
    const snapshot = createOnCallSnapshot([{ id: 's', name: 's', timeZone: 'UTC', definition }], Number.NEGATIVE_INFINITY);
    for (const t of [YEAR_START + 5 * DAY, YEAR_START + HOUR, YEAR_START + 9 * DAY]) {
      expect(snapshot.at(t).map(({ shift }) => shift)).toEqual([onCallAt(definition, t)]);
    }
  });
});
