import { Context } from '@temporalio/activity';
import type { SecretBox } from '../shared/crypto/secret-box.ts';
import type { IcalFetchOutcome, ScheduleIcalFeedStore } from '../shared/db/access/schedule-ical-feeds.ts';
import type { ImportedEvent } from '../shared/domain/schedule-ical-import.ts';
import { CalendarImportError, createIsolatedCalendarImporter, type CalendarImporter } from '../shared/isolation/calendar-import.ts';
import {
  ICAL_IMPORT_AHEAD_MS,
  ICAL_IMPORT_PAST_MS,
  ICAL_MAX_BYTES,
  ICAL_MAX_EVENTS,
  type IcalRefreshInput,
  type IcalRefreshResult,
} from '../shared/domain/schedule-ical-layer.ts';
import { OutboundRefusedError, OutboundTimeoutError, type HttpRequestFn } from '../shared/net/outbound-http.ts';

export interface ScheduleIcalActivityDeps {
  scheduleIcalFeeds: () => ScheduleIcalFeedStore;
  secretBox: SecretBox;
  /** The SSRF-guarded client, reading up to ICAL_MAX_BYTES + 1 bytes (so a larger document shows). */
  calendarHttp: HttpRequestFn;
  /** Deletes a layer's refresh schedule (a layer removed while its schedule was being created). */
  removeIcalRefreshSchedule?: (layerId: string) => Promise<void>;
  /** Runs the parse and expansion apart from the event loop that pages (default: worker threads). */
  importCalendar?: CalendarImporter;
}

/** A fetch that failed: `message` is what the schedule shows, `detail` goes to the worker's log only. */
class FetchProblem extends Error {
  readonly detail: string;
  constructor(message: string, detail: string) {
    super(message);
    this.detail = detail;
  }
}

/** `text` without the URL's path and query, where calendar URLs keep their secret token. */
function redacted(text: string, url: string): string {
  const { pathname, search } = new URL(url);
  return [search, pathname].filter((part) => part.length > 1).reduce((out, part) => out.replaceAll(part, '/…'), text);
}

/** The generic message a tenant sees for a failed request; addresses and internals stay in the log. */
function requestProblem(error: unknown, url: string): FetchProblem {
  const detail = redacted(error instanceof Error ? ((error as { detail?: string }).detail ?? error.message) : String(error), url);
  if (error instanceof OutboundRefusedError)
    return new FetchProblem('The calendar URL is not allowed (internal, private or reserved address, or not http/https)', detail);
  if (error instanceof OutboundTimeoutError) return new FetchProblem('The calendar server did not answer within 30 seconds', detail);
  return new FetchProblem('Could not connect to the calendar server', detail);
}

/** Fetches and imports `ical` layers' calendars. */
export function createScheduleIcalActivities(deps: ScheduleIcalActivityDeps) {
  const importCalendar = deps.importCalendar ?? createIsolatedCalendarImporter();
  async function download(url: string): Promise<string> {
    let response;
    try {
      response = await deps.calendarHttp({
        url,
        method: 'GET',
        headers: { accept: 'text/calendar, text/plain;q=0.5, */*;q=0.1' },
        timeoutMs: 30_000,
        signal: Context.current().cancellationSignal,
      });
    } catch (error) {
      throw requestProblem(error, url);
    }
    if (response.status < 200 || response.status >= 300)
      throw new FetchProblem(
        `The calendar server answered HTTP ${response.status}`,
        `HTTP ${response.status} from ${redacted(response.url, response.url)}`,
      );
    if (Buffer.byteLength(response.body, 'utf8') > ICAL_MAX_BYTES)
      throw new FetchProblem(`The calendar is larger than ${ICAL_MAX_BYTES / 1024 / 1024} MiB`, 'response too large');
    return response.body;
  }

  return {
    /**
     * Fetches one `ical` layer's calendar through the outbound guard and stores the events matched
     * to members. A failed fetch (refused, unreachable, HTTP error, not iCalendar, too many events,
     * too expensive to expand within ICAL_IMPORT_BUDGET) is recorded as
     * the layer's `last_error`, keeping the events of the last good fetch, and is not retried: the
     * next scheduled refresh is. The result is stored only if the layer still has the URL fetched.
     */
    async refreshIcalLayer(input: IcalRefreshInput): Promise<IcalRefreshResult> {
      const store = deps.scheduleIcalFeeds();
      const feed = await store.feed(input.organizationId, input.scheduleId, input.layerId);
      if (!feed) {
        // Layer ids are never reused, so a refresh schedule left behind by a race can go for good.
        await deps.removeIcalRefreshSchedule?.(input.layerId);
        return { status: 'gone' };
      }
      const fetchedAt = new Date();
      let outcome: { events: ImportedEvent[]; unmatched: number } | FetchProblem;
      try {
        const text = await download(deps.secretBox.decrypt(feed.urlSealed));
        const members = await store.members(input.organizationId);
        const at = fetchedAt.getTime();
        try {
          const result = await importCalendar({ text, members, from: at - ICAL_IMPORT_PAST_MS, to: at + ICAL_IMPORT_AHEAD_MS });
          outcome = { events: result.events.slice(0, ICAL_MAX_EVENTS), unmatched: result.unmatched };
        } catch (error) {
          if (!(error instanceof CalendarImportError)) throw error;
          // A calendar cut off for its cost says so; a malformed one gets the generic message.
          const shown =
            error.reason === 'invalid'
              ? 'The document is not a valid iCalendar calendar'
              : error.message.charAt(0).toUpperCase() + error.message.slice(1);
          throw new FetchProblem(shown, error.message);
        }
      } catch (error) {
        if (!(error instanceof FetchProblem)) throw error;
        outcome = error;
      }
      const changes: IcalFetchOutcome =
        outcome instanceof FetchProblem
          ? { lastFetchedAt: fetchedAt, lastError: outcome.message }
          : {
              lastFetchedAt: fetchedAt,
              lastSucceededAt: fetchedAt,
              lastError: null,
              events: outcome.events,
              eventCount: outcome.events.length,
              unmatchedCount: outcome.unmatched,
            };
      const changed =
        outcome instanceof FetchProblem
          ? feed.lastError !== outcome.message
          : feed.lastError !== null || JSON.stringify(feed.events) !== JSON.stringify(outcome.events);
      // Only over the URL that was fetched: a layer rewritten meanwhile keeps its new state.
      const stored = await store.recordFetch(
        input.organizationId,
        { scheduleId: input.scheduleId, layerId: feed.id, urlSealed: feed.urlSealed },
        changes,
        changed,
      );
      if (!stored) return { status: 'gone' };
      if (outcome instanceof FetchProblem) {
        Context.current().log.warn('calendar fetch failed', { layerId: feed.id, urlHint: feed.urlHint, error: outcome.detail });
        return { status: 'failed', error: outcome.message };
      }
      return { status: 'imported', events: outcome.events.length, unmatched: outcome.unmatched };
    },
  };
}
