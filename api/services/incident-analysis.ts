import { createTaggedLru } from '../../shared/cache/tagged-lru.ts';
import type { Logger } from '../../shared/logger.ts';
import { ANALYSIS_MAX_AGE_MS, isAnalysisStale } from '../../shared/search/port.ts';

export interface AnalysisRefresher {
  /** Schedules a refresh of a stale analysis without waiting for it; never fails the read. */
  refreshIfStale(incident: { organizationId: string; id: string; analyzedAt: Date | null }): void;
}

/**
 * Remembers when this process last scheduled each incident, so a popular incident read many
 * times while its refresh is under way (or while the worker is away) is scheduled once per
 * `intervalMs`. At most `capacity` incidents are remembered; the oldest are forgotten first.
 */
export function createScheduleThrottle(options: { intervalMs: number; capacity: number; now?: () => number }) {
  // An entry lives `intervalMs`: while it is there, the key was let through within the interval.
  const lastScheduled = createTaggedLru<true>({ maxEntries: options.capacity, ttlMs: options.intervalMs, now: options.now });
  return {
    /** True (and remembered) when `key` was not let through in the last `intervalMs`. */
    tryAcquire(key: string): boolean {
      if (lastScheduled.get(key)) return false;
      lastScheduled.set(key, true, []);
      return true;
    },
    get size() {
      return lastScheduled.size;
    },
  };
}

/**
 * The read side of the incident analysis: the worker computes it when an incident is created or
 * its text changes; a read finding it stale (or missing) asks for a new pass through `schedule`
 * (the incident's search-index workflow, which analyzes after indexing) and answers at once.
 */
export function createAnalysisRefresher(deps: {
  schedule: (input: { organizationId: string; incidentId: string }) => Promise<void>;
  logger: Logger;
  maxAgeMs?: number;
  intervalMs?: number;
  capacity?: number;
  now?: () => number;
}): AnalysisRefresher {
  const now = deps.now ?? Date.now;
  const throttle = createScheduleThrottle({ intervalMs: deps.intervalMs ?? 60_000, capacity: deps.capacity ?? 10_000, now });
  return {
    refreshIfStale(incident) {
      if (!isAnalysisStale(incident.analyzedAt, new Date(now()), deps.maxAgeMs ?? ANALYSIS_MAX_AGE_MS)) return;
      if (!throttle.tryAcquire(incident.id)) return;
      deps.schedule({ organizationId: incident.organizationId, incidentId: incident.id }).catch((error: unknown) => {
        deps.logger.warn({ err: error, incidentId: incident.id }, 'could not schedule an incident analysis refresh');
      });
    },
  };
}
