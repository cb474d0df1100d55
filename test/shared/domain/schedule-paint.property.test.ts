import fc from 'fast-check';
import { computeBudget } from '../../../shared/domain/compute-budget.ts';
import { renderLayer, renderSchedule, type Interval, type ScheduleDefinition, type Shift } from '../../../shared/domain/schedule.ts';

const HOUR = 3_600_000;
const START = Date.parse('2026-03-20T00:00:00Z');
const USERS = ['ann', 'bob', 'cat', 'dan', 'eve'];

/**
 * The renderer as it was before painting became one merge pass: each override and each overlapping
 * imported event painted one at a time, the timeline sorted again after each. Slow, obviously right.
 */
function paintOneByOne(below: Shift[], above: Shift[]): Shift[] {
  const pieces: Shift[] = [];
  for (const shift of below) {
    let cursor = shift.start;
    for (const over of above.filter((o) => o.start < shift.end && o.end > shift.start)) {
      if (over.start > cursor) pieces.push({ ...shift, start: cursor, end: over.start });
      cursor = Math.max(cursor, over.end);
    }
    if (cursor < shift.end) pieces.push({ ...shift, start: cursor });
  }
  return [...pieces, ...above].sort((x, y) => x.start - y.start);
}

function referenceShifts(schedule: ScheduleDefinition, from: number, to: number): Shift[] {
  let final: Shift[] = [];
  for (const layer of schedule.layers) {
    const intervals: Interval[] = renderLayer(layer, schedule.time_zone, from, to);
    let layerShifts: Shift[] = [];
    for (const interval of intervals) layerShifts = paintOneByOne(layerShifts, [{ ...interval, source: 'layer' }]);
    final = paintOneByOne(final, layerShifts);
  }
  for (const override of schedule.overrides) {
    const [start, end] = [Math.max(from, override.start), Math.min(to, override.end)];
    if (end > start) final = paintOneByOne(final, [{ user: override.user, start, end, source: 'override' }]);
  }
  const merged: Shift[] = [];
  for (const shift of final) {
    const previous = merged.at(-1);
    if (previous && previous.end === shift.start && previous.user === shift.user && previous.source === shift.source)
      previous.end = shift.end;
    else merged.push({ ...shift });
  }
  return merged;
}

// Quarter hours over 20 days: bounds collide often, so ties between starts and ends are exercised.
const instant = fc.integer({ min: 0, max: 20 * 24 * 4 }).map((quarter) => START + quarter * 15 * 60_000);
const span = fc
  .record({ user: fc.constantFrom(...USERS), start: instant, quarters: fc.integer({ min: 1, max: 4 * 72 }) })
  .map(({ quarters, ...s }) => ({ ...s, end: s.start + quarters * 15 * 60_000 }));

const schedule: fc.Arbitrary<ScheduleDefinition> = fc.record({
  time_zone: fc.constantFrom('UTC', 'Europe/Berlin', 'America/New_York'),
  layers: fc.array(
    fc.oneof(
      fc.record({
        kind: fc.constant('rotation' as const),
        users: fc.array(fc.constantFrom(...USERS), { minLength: 1, maxLength: 3 }),
        rotation: fc.constantFrom('daily' as const, 'custom' as const),
        handoff_time: fc.constantFrom('00:00', '09:30', '17:00'),
        turn_hours: fc.integer({ min: 1, max: 30 }),
        start: instant,
      }),
      fc.record({ kind: fc.constant('ical' as const), start: instant, events: fc.array(span, { maxLength: 60 }) }),
    ),
    { maxLength: 3 },
  ),
  overrides: fc.array(span, { maxLength: 60 }).map((overrides) => overrides.map((o, i) => ({ id: `o${i}`, ...o }))),
});

describe('renderSchedule paints as painting one override or event at a time did (property)', () => {
  it('gives the same shifts for many overlapping overrides and imported events', () => {
    fc.assert(
      fc.property(schedule, instant, fc.integer({ min: 1, max: 20 * 24 * 4 }), (definition, from, quarters) => {
        const to = from + quarters * 15 * 60_000;
        expect(renderSchedule(definition, from, to).shifts).toEqual(referenceShifts(definition, from, to));
      }),
      { numRuns: 300, seed: 44 },
    );
  });

  it('spends steps in proportion to what it paints', () => {
    const overrides = Array.from({ length: 4_000 }, (_, i) => ({
      id: `o${i}`,
      user: USERS[i % 5] as string,
      start: START + i * HOUR,
      end: START + (i + 30) * HOUR,
    }));
    const budget = computeBudget('the schedule', { steps: 10_000_000, ms: 60_000 });
    const definition: ScheduleDefinition = {
      time_zone: 'UTC',
      layers: [{ kind: 'rotation', users: ['ann', 'bob'], rotation: 'custom', turn_hours: 1, handoff_time: '00:00', start: START }],
      overrides,
    };
    renderSchedule(definition, START, START + 4_000 * HOUR, budget);
    // Each of the 4,000 turns and 4,000 overrides is looked at a handful of times, not once per other.
    expect(budget.spent).toBeGreaterThan(8_000);
    expect(budget.spent).toBeLessThan(50_000);
  });
});
