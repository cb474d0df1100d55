// Kept free of Node built-ins and I/O: bounds ical.js's recurrence iteration while it runs.
import ICAL from 'ical.js';
import { BudgetExceededError, type ComputeBudget } from './compute-budget.ts';

/**
 * ical.js searches for a rule's next occurrence in an unbounded loop (a DAILY rule for February 30
 * never returns), and nothing outside the loop can stop it. Every candidate date it looks at passes
 * through `check_contracting_rules` (and every year a YEARLY rule expands through
 * `expand_year_days`), so those two methods are wrapped once: while a guard is active (only inside
 * one synchronous `withRecurrenceGuard` call, so no other code runs meanwhile) each call spends the
 * guard's budget, counts candidates without an occurrence, and ends an event's rule once its
 * candidates pass the end of the window.
 */
interface Guard {
  budget: ComputeBudget;
  /** Candidates of an event's rule after this instant (epoch seconds) end that rule. */
  endSeconds: number;
  endYear: number;
  maxMisses: number;
  /** The event being expanded, for the error message. */
  label: string;
}

interface IteratorInternals {
  last: ICAL.Time;
  completed: boolean;
}

let active: Guard | null = null;
const misses = new WeakMap<object, number>();
/** Iterators of events' rules (not of VTIMEZONE rules), to which the window applies. */
const windowed = new WeakSet<object>();

const prototype = ICAL.RecurIterator.prototype as unknown as {
  check_contracting_rules(this: IteratorInternals): boolean;
  expand_year_days(this: IteratorInternals, year: number): number;
};
const checkContractingRules = prototype.check_contracting_rules;
const expandYearDays = prototype.expand_year_days;

prototype.check_contracting_rules = function guardedCheck(this: IteratorInternals): boolean {
  const matched = checkContractingRules.call(this);
  const guard = active;
  if (!guard) return matched;
  guard.budget.spend();
  if (windowed.has(this) && this.last.year >= guard.endYear && this.last.toUnixTime() > guard.endSeconds) {
    // Accepting the candidate ends the search; the expansion then drops the completed iterator.
    this.completed = true;
    return true;
  }
  if (matched) {
    misses.delete(this);
    return true;
  }
  const missed = (misses.get(this) ?? 0) + 1;
  if (missed > guard.maxMisses)
    throw new BudgetExceededError(
      'the calendar',
      'steps',
      `the recurrence rule of ${guard.label} looked at ${guard.maxMisses} dates in a row without finding an occurrence`,
    );
  misses.set(this, missed);
  return false;
};

prototype.expand_year_days = function guardedExpandYearDays(this: IteratorInternals, year: number): number {
  active?.budget.spend();
  return expandYearDays.call(this, year);
};

export interface RecurrenceGuard {
  /** Names the event whose rules are expanded next, for the error message. */
  describe(label: string): void;
  /** Applies the window to an event's expansion: its rules stop past the window's end. */
  windowed(expansion: ICAL.RecurExpansion): void;
}

/** Runs `expand` (synchronous) with every recurrence iteration spending `budget`. */
export function withRecurrenceGuard<T>(
  options: { budget: ComputeBudget; windowEnd: number; maxMisses: number },
  expand: (guard: RecurrenceGuard) => T,
): T {
  const previous = active;
  const guard: Guard = {
    budget: options.budget,
    endSeconds: Math.floor(options.windowEnd / 1000),
    endYear: new Date(options.windowEnd).getUTCFullYear(),
    maxMisses: options.maxMisses,
    label: 'an event',
  };
  active = guard;
  try {
    return expand({
      describe(label) {
        guard.label = label;
      },
      windowed(expansion) {
        for (const iterator of (expansion as unknown as { ruleIterators?: object[] }).ruleIterators ?? []) windowed.add(iterator);
      },
    });
  } finally {
    active = previous;
  }
}
