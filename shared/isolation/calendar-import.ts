import { Worker } from 'node:worker_threads';
import type { ImportResult } from '../domain/schedule-ical-import.ts';

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
  /** Wall time of one import, after which its thread is terminated. */
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

/** At most `limit` tasks at a time, the others queued in order. */
function semaphore(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async (task) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

function importInThread(job: CalendarImportJob, limits: CalendarImportLimits): Promise<ImportResult> {
  return new Promise((resolve, reject) => {
    const thread = new Worker(new URL('./calendar-import.thread.ts', import.meta.url), {
      workerData: job,
      resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb },
    });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void thread.terminate();
    };
    const timer = setTimeout(
      () =>
        settle(() =>
          reject(
            new CalendarImportError('time', `The calendar took more than ${limits.timeoutMs / 1000} seconds to import and was cut off`),
          ),
        ),
      limits.timeoutMs,
    );
    thread.on('message', (reply: CalendarImportReply) =>
      settle(() =>
        reply.ok
          ? resolve(reply.result)
          : reject(
              new CalendarImportError(
                reply.name === 'BudgetExceededError' || reply.name === 'CalendarTooLargeError' ? 'budget' : 'invalid',
                reply.message,
              ),
            ),
      ),
    );
    thread.on('error', (error: Error & { code?: string }) =>
      settle(() =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new CalendarImportError('memory', `The calendar needed more than ${limits.maxHeapMb} MiB to import and was cut off`)
            : error,
        ),
      ),
    );
    thread.on('exit', () => settle(() => reject(new Error('the calendar import thread exited without an answer'))));
  });
}

/**
 * Calendar imports in worker threads, `concurrency` at a time, each cut off at its time and heap
 * limits. ical.js is synchronous: whatever bounds its work (its budget), a document that costs more
 * than expected must cost a thread, not the event loop of the worker that pages other organizations.
 */
export function createIsolatedCalendarImporter(limits: CalendarImportLimits = CALENDAR_IMPORT_LIMITS): CalendarImporter {
  const bounded = semaphore(limits.concurrency);
  return (job) => bounded(() => importInThread(job, limits));
}
