// Calendar imports, one at a time, in a thread of their own (calendar-import.ts): however long
// ical.js runs on a tenant's document, it runs here, not on the event loop that ingests alerts and
// pages people. ical.js's zone registry is restored after each import (importCalendar).
import { constants, setPriority } from 'node:os';
import { calendarBudget, importCalendar } from '../domain/schedule-ical-import.ts';
import type { CalendarImportJob, CalendarImportReply } from './calendar-import.ts';
import { serveThreadPool } from './thread-pool.ts';

// On Linux the nice value is per thread: this one yields the CPU to paging, ingestion and the API
// whenever they want it, so a calendar that runs to its time limit takes mostly idle cycles.
try {
  setPriority(constants.priority.PRIORITY_LOW);
} catch {
  // Not permitted or not supported: the time limit still holds.
}

// The nice value only ranks this thread against the process's own: a container's or a session's CPU
// share goes to the process as a whole, and a calendar that runs to its budget would take all of
// that share from the other processes that page. So it also rests twice as long as it runs.
const sleeper = new Int32Array(new SharedArrayBuffer(4));
const CALENDAR_PACE = { runMs: 10, restMs: 20, rest: (ms: number) => void Atomics.wait(sleeper, 0, 0, ms) };

serveThreadPool<CalendarImportJob, CalendarImportReply>((job) => {
  try {
    return { ok: true, result: importCalendar(job.text, job.members, job.from, job.to, calendarBudget(CALENDAR_PACE)) };
  } catch (error) {
    return { ok: false, name: (error as Error)?.name ?? 'Error', message: (error as Error)?.message ?? String(error) };
  }
});
