import { Worker } from 'node:worker_threads';
import { ICAL_IMPORT_BUDGET, SCHEDULE_RENDER_BUDGET, WINDOW_RULE_BUDGET } from '../../../shared/domain/compute-limits.ts';
import type { HostileOutcome } from './hostile-inputs.worker.ts';

// Not a speed target: the code under test answers in well under a second; code that loops on these
// inputs runs for minutes or hours. The deadline only ends such a run instead of hanging the suite.
const DEADLINE_MS = 60_000;

function runHostile(name: string): Promise<HostileOutcome> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./hostile-inputs.worker.ts', import.meta.url), { workerData: name });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error(`"${name}" was still running after ${DEADLINE_MS} ms: nothing bounds it`));
    }, DEADLINE_MS);
    worker.once('message', (outcome: HostileOutcome) => {
      clearTimeout(timer);
      void worker.terminate();
      resolve(outcome);
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

describe('hostile inputs of schedules, calendars and maintenance windows are refused or cut off within their budget', () => {
  it(
    'a calendar whose DAILY rule never matches (February 30) is refused with a clear error, not expanded until the year 9999',
    async () => {
      const outcome = await runHostile('calendar with a never-matching DAILY rule');
      expect(outcome.error).toEqual({
        name: 'BudgetExceededError',
        message: expect.stringMatching(
          /^the calendar is too expensive to evaluate: the recurrence rule of the event ".+" looked at \d+ dates in a row/,
        ),
      });
      expect(outcome.spent).toBeLessThanOrEqual(ICAL_IMPORT_BUDGET.steps);
    },
    DEADLINE_MS + 10_000,
  );

  it(
    'a never-matching SECONDLY rule starting in the import window is refused within the budget',
    async () => {
      const outcome = await runHostile('calendar with a never-matching SECONDLY rule starting in the window');
      expect(outcome.error?.name).toBe('BudgetExceededError');
      expect(outcome.spent).toBeLessThanOrEqual(ICAL_IMPORT_BUDGET.steps);
    },
    DEADLINE_MS + 10_000,
  );

  it(
    '2,000 hourly events (4 million occurrences) are cut off by the import budget',
    async () => {
      const outcome = await runHostile('calendar of 2,000 hourly events');
      expect(outcome.error).toEqual({
        name: 'BudgetExceededError',
        message: `the calendar is too expensive to evaluate: more than ${ICAL_IMPORT_BUDGET.steps} steps`,
      });
    },
    DEADLINE_MS + 10_000,
  );

  it(
    'a document with more events than allowed is refused before it is parsed',
    async () => {
      const outcome = await runHostile('calendar of 30,000 events');
      expect(outcome.error).toEqual({
        name: 'CalendarTooLargeError',
        message: expect.stringMatching(/^The calendar has more than 20000 events/),
      });
    },
    DEADLINE_MS + 10_000,
  );

  it(
    'a window rule that recurs every second under FREQ=HOURLY is refused when read',
    async () => {
      const outcome = await runHostile('window rule FREQ=HOURLY;BYMINUTE=0..59;BYSECOND=0..59');
      expect(outcome.error).toEqual({ name: 'WindowRuleError', message: expect.stringMatching(/^a window recurs at most hourly/) });
    },
    DEADLINE_MS + 10_000,
  );

  it(
    'a window rule that never matches is cut off by its budget',
    async () => {
      const outcome = await runHostile('window rule that never matches');
      expect(outcome.error).toEqual({
        name: 'BudgetExceededError',
        message: `the recurrence rule is too expensive to evaluate: more than ${WINDOW_RULE_BUDGET.steps} steps`,
      });
    },
    DEADLINE_MS + 10_000,
  );

  it(
    '5,000 overrides and 5,000 overlapping imported events render in steps near-linear in their number',
    async () => {
      const outcome = await runHostile('schedule with 5,000 overrides and 5,000 imported events');
      expect(outcome.error).toBeNull();
      expect(outcome.result).toBeGreaterThan(0);
      // A paint per override or event (the old cost) spends about 5,000 × the timeline's length.
      expect(outcome.spent).toBeGreaterThan(0);
      expect(outcome.spent).toBeLessThan(200_000);
      expect(outcome.spent).toBeLessThan(SCHEDULE_RENDER_BUDGET.steps);
    },
    DEADLINE_MS + 10_000,
  );
});
