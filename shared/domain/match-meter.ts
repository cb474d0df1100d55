// Kept free of Node built-ins and I/O.
import { computeBudget, type ComputeBudget, type ComputeLimits } from './compute-budget.ts';

/**
 * How much matching one organization's rules may do over time in one process: `msPerSecond` of
 * wall time, saved up to `burstMs`. The worker ingests at most a few hundred alerts a second per
 * process, and even 1,000 silences no index can set aside cost about 0.3 ms an alert, so real
 * rule sets stay far below it; it is what bounds a payload of 1,000 alerts each built to spend its
 * whole per-alert budget.
 */
export interface MatchRate {
  msPerSecond: number;
  burstMs: number;
}

export const ORGANIZATION_MATCH_RATE: MatchRate = { msPerSecond: 500, burstMs: 2000 };

/** Steps an evaluation may still spend once the organization's time is used up: cheap matching goes on. */
export const EXHAUSTED_MATCH_STEPS = 16_384;

export interface MatchMeter {
  /** Runs one evaluation with a budget of `limits` (less once time is short) and charges its time. */
  run<T>(what: string, evaluate: (budget: ComputeBudget) => T): T;
}

export function createMatchMeter(
  limits: ComputeLimits,
  rate: MatchRate = ORGANIZATION_MATCH_RATE,
  now: () => number = Date.now,
): MatchMeter {
  let saved = rate.burstMs;
  let last = now();
  return {
    run(what, evaluate) {
      const started = now();
      saved = Math.min(rate.burstMs, saved + ((started - last) * rate.msPerSecond) / 1000);
      last = started;
      const budget = computeBudget(
        what,
        saved > 0 ? { ...limits, ms: Math.min(limits.ms, saved) } : { ...limits, steps: Math.min(limits.steps, EXHAUSTED_MATCH_STEPS) },
        now,
      );
      try {
        return evaluate(budget);
      } finally {
        const finished = now();
        saved -= finished - started;
        last = finished;
      }
    },
  };
}

/**
 * One meter per organization, kept across rebuilds of its compiled rules (a rule change must not
 * refill the organization's matching time); the oldest is forgotten past `maxOrganizations`.
 */
export function matchMetersByOrganization(limits: ComputeLimits, maxOrganizations = 10_000): (organizationId: string) => MatchMeter {
  const meters = new Map<string, MatchMeter>();
  return (organizationId) => {
    let meter = meters.get(organizationId);
    if (!meter) {
      if (meters.size >= maxOrganizations) meters.delete(meters.keys().next().value as string);
      meter = createMatchMeter(limits);
      meters.set(organizationId, meter);
    }
    return meter;
  };
}
