// Runs one hostile input of the schedules surface in a thread the test can terminate: code that
// loops on it (as ical.js and rrule.js did) blocks the thread, and only terminating it ends the test.
import { parentPort, workerData } from 'node:worker_threads';
import { computeBudget, type ComputeBudget, type ComputeLimits } from '../../../shared/domain/compute-budget.ts';
import { ICAL_IMPORT_BUDGET, SCHEDULE_RENDER_BUDGET, WINDOW_RULE_BUDGET } from '../../../shared/domain/compute-limits.ts';
import { checkWindow, parseWindowRule } from '../../../shared/domain/maintenance-window.ts';
import { importCalendar } from '../../../shared/domain/schedule-ical-import.ts';
import { renderSchedule, type ScheduleDefinition } from '../../../shared/domain/schedule.ts';

export interface HostileOutcome {
  /** The error's name and message when refused or cut off, null when it finished. */
  error: { name: string; message: string } | null;
  /** Steps of the budget spent (0 when the code under test takes no budget). */
  spent: number;
  /** Events imported, shifts rendered or whether the instant was inside the window. */
  result: unknown;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = Date.parse('2026-11-30T00:00:00Z');
const members = [{ id: 'ann', email: 'ann@example.test' }];

const vcalendar = (...events: string[][]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//x//EN', ...events.flat(), 'END:VCALENDAR'].join('\r\n');
const vevent = (uid: string, dtstart: string, rrule?: string) => [
  'BEGIN:VEVENT',
  `UID:${uid}`,
  `DTSTART:${dtstart}`,
  'DURATION:PT1H',
  ...(rrule ? [`RRULE:${rrule}`] : []),
  'SUMMARY:ann@example.test',
  'END:VEVENT',
];

const tracking: { budget: ComputeBudget | null } = { budget: null };
/** The budget a case runs under, kept so its spending is known even when it is cut off. */
const tracked = (what: string, limits: ComputeLimits) => (tracking.budget = computeBudget(what, limits));

/** Each case returns what it computed: events imported, shifts rendered, or whether inside the window. */
const CASES: Record<string, () => unknown> = {
  // The finding's calendar: a DAILY rule for a date that never exists, started long before the window.
  'calendar with a never-matching DAILY rule': () => {
    const budget = tracked('the calendar', { ...ICAL_IMPORT_BUDGET, ms: 60_000 });
    const text = vcalendar(vevent('x', '19700101T000000Z', 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30'));
    return importCalendar(text, members, at - 7 * DAY, at + 400 * DAY, budget).events.length;
  },
  'calendar with a never-matching SECONDLY rule starting in the window': () => {
    const budget = tracked('the calendar', { ...ICAL_IMPORT_BUDGET, ms: 60_000 });
    const text = vcalendar(vevent('x', '20261130T000000Z', 'FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30'));
    return importCalendar(text, members, at - 7 * DAY, at + 400 * DAY, budget).events.length;
  },
  // 2,000 events of 2,000 hourly occurrences each: 4 million objects before anything was kept.
  'calendar of 2,000 hourly events': () => {
    const budget = tracked('the calendar', { ...ICAL_IMPORT_BUDGET, ms: 60_000 });
    const events = Array.from({ length: 2_000 }, (_, i) => vevent(`e${i}`, '20261130T000000Z', 'FREQ=HOURLY'));
    return importCalendar(vcalendar(...events), members, at - 7 * DAY, at + 400 * DAY, budget).events.length;
  },
  'calendar of 30,000 events': () => {
    const events = Array.from({ length: 30_000 }, (_, i) => vevent(`e${i}`, '20261201T000000Z'));
    return importCalendar(vcalendar(...events), members, at - 7 * DAY, at + 400 * DAY).events.length;
  },
  // One occurrence a second, written as an hourly rule.
  'window rule FREQ=HOURLY;BYMINUTE=0..59;BYSECOND=0..59': () => {
    const all = Array.from({ length: 60 }, (_, i) => i).join(',');
    const rule = `FREQ=HOURLY;BYMINUTE=${all};BYSECOND=${all}`;
    const window = { startsAt: new Date('2026-01-01T00:00:00Z'), endsAt: new Date('2026-01-01T00:00:01Z'), rrule: rule, timeZone: 'UTC' };
    return checkWindow(window, parseWindowRule(rule), new Date(at)).inside;
  },
  'window rule that never matches': () => {
    const budget = tracked('the recurrence rule', { ...WINDOW_RULE_BUDGET, ms: 60_000 });
    const rule = 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30';
    const window = { startsAt: new Date('2026-01-01T00:00:00Z'), endsAt: new Date('2026-01-01T01:00:00Z'), rrule: rule, timeZone: 'UTC' };
    return checkWindow(window, parseWindowRule(rule), new Date(at), budget).inside;
  },
  // 5,000 overlapping overrides and as many overlapping imported events, over 90 days.
  'schedule with 5,000 overrides and 5,000 imported events': () => {
    const budget = tracked('the schedule', { ...SCHEDULE_RENDER_BUDGET, ms: 60_000 });
    const span = (i: number) => ({ start: at + ((i * 7919) % (90 * 24)) * HOUR, end: at + (((i * 7919) % (90 * 24)) + 30) * HOUR });
    const schedule: ScheduleDefinition = {
      time_zone: 'Europe/Berlin',
      layers: [
        { kind: 'rotation', users: ['ann', 'bob'], rotation: 'daily', handoff_time: '09:00', start: at - DAY },
        { kind: 'ical', start: at - DAY, events: Array.from({ length: 5_000 }, (_, i) => ({ user: `u${i % 7}`, ...span(i) })) },
      ],
      overrides: Array.from({ length: 5_000 }, (_, i) => ({ id: `o${i}`, user: `v${i % 5}`, ...span(i + 1) })),
    };
    return renderSchedule(schedule, at, at + 90 * DAY, budget).shifts.length;
  },
};

const name = workerData as string;
const run = CASES[name];
let outcome: HostileOutcome;
try {
  if (!run) throw new Error(`no case ${name}`);
  const result = run();
  outcome = { error: null, spent: tracking.budget?.spent ?? 0, result };
} catch (error) {
  outcome = { error: { name: (error as Error).name, message: (error as Error).message }, spent: tracking.budget?.spent ?? 0, result: null };
}
parentPort?.postMessage(outcome);
