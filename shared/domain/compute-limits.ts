// Kept free of Node built-ins and I/O: the budgets of computation a user's input drives, in one place.
// Each entry is what one evaluation may spend (see compute-budget.ts); append new kinds below.
import type { ComputeLimits } from './compute-budget.ts';

/**
 * Importing one external calendar (every event's recurrences expanded): a step is one candidate date
 * a recurrence rule looks at; an event or an occurrence costs ICAL_OCCURRENCE_STEPS (turning it into
 * instants costs about as much as that many candidates).
 */
export const ICAL_IMPORT_BUDGET: ComputeLimits = { steps: 150_000, ms: 3_000 };
export const ICAL_OCCURRENCE_STEPS = 8;
/** Candidate dates one recurrence rule may look at in a row without finding an occurrence. */
export const ICAL_MAX_CANDIDATES_WITHOUT_OCCURRENCE = 20_000;
/** Occurrences of one event kept within the import window. */
export const ICAL_MAX_OCCURRENCES_PER_EVENT = 2_000;
/** Events (VEVENT) of one calendar document, counted before it is parsed. */
export const ICAL_MAX_DOCUMENT_EVENTS = 20_000;
/** Content lines (properties and BEGIN/END) of one calendar document, counted before it is parsed. */
export const ICAL_MAX_DOCUMENT_LINES = 400_000;

/** One evaluation of a maintenance window's RRULE: a step is one period (hour, day...) the rule walks through. */
export const WINDOW_RULE_BUDGET: ComputeLimits = { steps: 100_000, ms: 2_000 };

/** One schedule render: a step is one turn, imported event, override or piece of the timeline. */
export const SCHEDULE_RENDER_BUDGET: ComputeLimits = { steps: 2_000_000, ms: 5_000 };
/** A personal calendar feed renders every schedule of the organization under this one budget. */
export const CALENDAR_FEED_BUDGET: ComputeLimits = { steps: 10_000_000, ms: 10_000 };

/** Schedules of one organization: the personal calendar feed and `GET /oncall` render every one. */
export const MAX_SCHEDULES_PER_ORGANIZATION = 500;
/**
 * Overrides of one schedule within 366 days of a new one (any render covers at most 366 days, and an
 * override lasts at most that long, so no render meets more than this many overrides).
 */
export const MAX_OVERRIDES_PER_SCHEDULE = 2_000;
export const OVERRIDE_COUNT_SPAN_MS = 366 * 86_400_000;

/**
 * One evaluation of a generic JSON integration's mapping template (JSONata): its wall time and its
 * depth of nested sub-expressions (recursion), both checked by JSONata on entry to each one. The
 * thread running it is also cut off after `hardMs` (one built-in call can outlast the checks).
 */
export interface JsonMappingLimits {
  ms: number;
  depth: number;
  hardMs: number;
  /** The evaluating thread's V8 heap. */
  maxHeapMb: number;
}
export const JSON_MAPPING_LIMITS: JsonMappingLimits = { ms: 1_000, depth: 200, hardMs: 5_000, maxHeapMb: 128 };
