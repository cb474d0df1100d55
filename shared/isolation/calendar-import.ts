import type { ImportResult } from '../domain/schedule-ical-import.ts';
import { createThreadPool } from './thread-pool.ts';

export interface CalendarImportJob {
  text: string;
  members: { id: string; email: string }[];
  from: number;
  to: number;
}

export type CalendarImportReply = { ok: true; result: ImportResult } | { ok: false; name: string; message: string };

/** Imports a fetched calendar (importCalendar's arguments) without blocking the caller's event loop. */
export type CalendarImporter = (job: CalendarImportJob) => Promise<ImportResult>;

export interface CalendarImportLimits {
  /** Imports running at once in this process; the others wait their turn. */
  concurrency: number;
  /** Time one import may run, after which its thread is terminated (and replaced). */
  timeoutMs: number;
  /** The thread's V8 heap; past it the thread dies, not the process. */
  maxHeapMb: number;
}

/** Far above a legitimate calendar's cost (a 2 MiB document imports in about a second). */
export const CALENDAR_IMPORT_LIMITS: CalendarImportLimits = { concurrency: 1, timeoutMs: 15_000, maxHeapMb: 512 };

/**
 * Why an import produced nothing: the document is not iCalendar (`invalid`), or it cost more than
 * its budget (`budget`, the domain's BudgetExceededError), its time or its memory here.
 */
export type CalendarImportFailure = 'invalid' | 'budget' | 'time' | 'memory';

export class CalendarImportError extends Error {
  readonly reason: CalendarImportFailure;
  constructor(reason: CalendarImportFailure, message: string) {
    super(message);
    this.name = 'CalendarImportError';
    this.reason = reason;
  }
}

/**
 * Calendar imports in long-lived worker threads, `concurrency` at a time, each cut off at its time
 * and heap limits (its thread then replaced). ical.js is synchronous: whatever bounds its work (its
 * budget), a document that costs more than expected must cost a thread, not the event loop of the
 * worker that pages other organizations. A thread serves import after import: starting one costs
 * more than importing an ordinary calendar.
 */
export function createIsolatedCalendarImporter(limits: CalendarImportLimits = CALENDAR_IMPORT_LIMITS): CalendarImporter {
  const pool = createThreadPool<CalendarImportJob, CalendarImportReply>({
    script: new URL('./calendar-import.thread.ts', import.meta.url),
    threads: limits.concurrency,
    hardMs: limits.timeoutMs,
    maxHeapMb: limits.maxHeapMb,
    errors: {
      time: () =>
        new CalendarImportError('time', `The calendar took more than ${limits.timeoutMs / 1000} seconds to import and was cut off`),
      memory: () => new CalendarImportError('memory', `The calendar needed more than ${limits.maxHeapMb} MiB to import and was cut off`),
      failed: (error) => error,
      exited: () => new Error('the calendar import thread exited without an answer'),
    },
  });
  return async (job) => {
    const reply = await pool.run(job);
    if (reply.ok) return reply.result;
    const reason = reply.name === 'BudgetExceededError' || reply.name === 'CalendarTooLargeError' ? 'budget' : 'invalid';
    throw new CalendarImportError(reason, reply.message);
  };
}
