import { importCalendar } from '../../../shared/domain/schedule-ical-import.ts';
import { CalendarImportError, createIsolatedCalendarImporter } from '../../../shared/isolation/calendar-import.ts';
import { calendar } from '../../helpers/calendar-server.ts';
import { hangingCalendar } from '../../helpers/hanging-calendar.ts';

const DAY = 86_400_000;
const from = Date.parse('2026-01-01T00:00:00Z');
const to = from + 60 * DAY;
const members = [{ id: 'user-1', email: 'ada@example.com' }];

/** Counts the ticks of a 10 ms timer on this event loop until `work` settles. */
async function ticksWhile(work: Promise<unknown>): Promise<number> {
  let ticks = 0;
  const timer = setInterval(() => (ticks += 1), 10);
  try {
    await work.catch(() => undefined);
  } finally {
    clearInterval(timer);
  }
  return ticks;
}

describe('isolated calendar import (worker threads with a time and heap limit)', () => {
  it('imports a calendar in a thread with the same result as in process', async () => {
    const text = calendar([
      { uid: 'a', start: from + DAY, end: from + 2 * DAY, summary: 'On call', attendee: 'ada@example.com' },
      { uid: 'b', start: from + 3 * DAY, end: from + 4 * DAY, summary: 'nobody@example.com' },
    ]);
    const imported = await createIsolatedCalendarImporter()({ text, members, from, to });
    expect(imported).toEqual(importCalendar(text, members, from, to));
    expect(imported.events).toHaveLength(1);
  });

  it('refuses a document that is not iCalendar as invalid', async () => {
    const failure = await createIsolatedCalendarImporter()({ text: 'not a calendar', members, from, to }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CalendarImportError);
    expect((failure as CalendarImportError).reason).toBe('invalid');
  });

  it('cuts off the never-matching recurrence while this event loop keeps running', async () => {
    const importer = createIsolatedCalendarImporter({ concurrency: 1, timeoutMs: 1500, maxHeapMb: 128 });
    const work = importer({ text: hangingCalendar(), members, from, to });
    // In process, ical.js would hold this thread until the import ended: not one tick.
    expect(await ticksWhile(work)).toBeGreaterThan(0);
    const failure = await work.catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CalendarImportError);
    // Cut off by the thread's time limit, or earlier by the import's own budget where it has one.
    expect(['time', 'budget']).toContain((failure as CalendarImportError).reason);
    expect((failure as Error).message).toMatch(/calendar/i);
  });

  it('runs at most `concurrency` imports at once: a valid calendar waits behind a hanging one, then imports', async () => {
    const importer = createIsolatedCalendarImporter({ concurrency: 1, timeoutMs: 1000, maxHeapMb: 128 });
    const settled: string[] = [];
    const hanging = importer({ text: hangingCalendar(), members, from, to }).catch(() => settled.push('hanging'));
    const valid = importer({ text: calendar([]), members, from, to }).then(() => settled.push('valid'));
    await Promise.all([hanging, valid]);
    expect(settled).toEqual(['hanging', 'valid']);
  });
});
