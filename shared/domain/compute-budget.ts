/**
 * The cost model for computation a user's input drives (RRULEs, imported calendars, matcher sets,
 * schedule renders): each evaluation gets a budget of steps and of wall time, checked while it runs,
 * so no input, however it is shaped, holds a process that pages other organizations for long.
 */

/** What one evaluation may spend: `steps` counts the work's own unit (iterations, events, characters). */
export interface ComputeLimits {
  steps: number;
  /** Wall time (but a pace's rests), checked every `clockEvery` steps (the clock is not free). */
  ms: number;
  /** Steps between two looks at the clock (default 256): more where one step is tiny work. */
  clockEvery?: number;
}

/** Thrown when an evaluation spends its budget; the message says what was cut off and why, for users. */
export class BudgetExceededError extends Error {
  readonly what: string;
  readonly limit: 'steps' | 'time';
  constructor(what: string, limit: 'steps' | 'time', detail: string) {
    super(`${what} is too expensive to evaluate: ${detail}`);
    this.name = 'BudgetExceededError';
    this.what = what;
    this.limit = limit;
  }
}

export interface ComputeBudget {
  /** Spends `n` steps (default 1); throws BudgetExceededError past the steps or the time. */
  spend(n?: number): void;
  readonly spent: number;
}

const CHECK_CLOCK_EVERY = 256;

/**
 * How an evaluation in a thread of its own shares the CPU: after each `runMs` of work it rests
 * `restMs` (`rest` blocks the thread), so a tenant's input uses at most runMs / (runMs + restMs) of
 * a core whatever the scheduler does with the process's other threads. Rests do not count against
 * the budget's time. Never on an event loop: resting there would stall it.
 */
export interface ComputePace {
  runMs: number;
  restMs: number;
  rest: (ms: number) => void;
}

/**
 * A budget for one evaluation of `what` (a phrase users read: "the calendar", "the recurrence rule").
 * `now` is injectable for tests.
 */
export function computeBudget(what: string, limits: ComputeLimits, now: () => number = Date.now, pace?: ComputePace): ComputeBudget {
  const started = now();
  let spent = 0;
  let sinceClock = 0;
  let rested = 0;
  let runningSince = started;
  return {
    spend(n = 1) {
      spent += n;
      if (spent > limits.steps) throw new BudgetExceededError(what, 'steps', `more than ${limits.steps} steps`);
      sinceClock += n;
      if (sinceClock >= (limits.clockEvery ?? CHECK_CLOCK_EVERY)) {
        sinceClock = 0;
        const at = now();
        if (at - started - rested > limits.ms) throw new BudgetExceededError(what, 'time', `more than ${limits.ms} ms`);
        if (pace && at - runningSince >= pace.runMs) {
          pace.rest(pace.restMs);
          runningSince = now();
          rested += runningSince - at;
        }
      }
    },
    get spent() {
      return spent;
    },
  };
}
