// Kept free of Node built-ins and I/O: pure decisions of flap detection, table-tested.

/** An integration's flap detection: more than `threshold` reopenings within `window_minutes` is flapping. */
export interface FlappingSettings {
  threshold: number;
  window_minutes: number;
}

export const MAX_FLAP_THRESHOLD = 100;
export const MAX_FLAP_WINDOW_MINUTES = 1440;
/** The longest reopen window an integration may have (a day, like the flap window). */
export const MAX_REOPEN_WINDOW_MINUTES = 1440;

/**
 * How long after its incident resolves a firing alert of the same key reopens it, in minutes: the
 * integration's `reopen_window_minutes`, else its flap window (flap detection counts reopenings),
 * else 0: a new incident opens, as in PagerDuty and Grafana OnCall.
 */
export function reopenWindowMinutes(settings: { reopenWindowMinutes: number | null; flapping: FlappingSettings | null }): number {
  return settings.reopenWindowMinutes ?? settings.flapping?.window_minutes ?? 0;
}

/** What reopening an incident does to its flap state, and whether that reopening pages. */
export interface ReopenDecision {
  /** The reopenings still within the window, this one included (ISO times, oldest first). */
  reopenedAt: string[];
  /** Set while flapping: when its current flapping period began. */
  flappingSince: Date | null;
  /** Whether this reopening starts the incident's escalation again. */
  pages: boolean;
  /** Whether this reopening made it flapping (a timeline entry says so). */
  startedFlapping: boolean;
}

/**
 * An incident reopens at `now`. Without flap detection (`settings` null) every reopening pages. It is flapping when its reopenings within the window, this one
 * included, are more than the threshold; a flapping incident pages once per flapping period (the
 * reopening that starts the period), and not on the reopenings within it. Once its reopenings fall
 * back to the threshold it is no longer flapping and pages on each reopening again.
 */
export function decideReopen(
  state: { reopenedAt: readonly string[]; flappingSince: Date | null },
  settings: FlappingSettings | null,
  now: Date,
): ReopenDecision {
  if (!settings) return { reopenedAt: [now.toISOString()], flappingSince: null, pages: true, startedFlapping: false };
  const windowMs = settings.window_minutes * 60_000;
  const reopenedAt = [...state.reopenedAt.filter((at) => now.getTime() - Date.parse(at) < windowMs), now.toISOString()];
  if (reopenedAt.length <= settings.threshold) return { reopenedAt, flappingSince: null, pages: true, startedFlapping: false };
  const periodOver = !state.flappingSince || now.getTime() - state.flappingSince.getTime() >= windowMs;
  if (periodOver) return { reopenedAt, flappingSince: now, pages: true, startedFlapping: !state.flappingSince };
  return { reopenedAt, flappingSince: state.flappingSince, pages: false, startedFlapping: false };
}

/** Whether a firing alert reopens its key's last incident (resolved within the reopen window) instead of opening a new one. */
export function reopensLastIncident(resolvedAt: Date | null, windowMinutes: number, now: Date): boolean {
  return resolvedAt !== null && now.getTime() - resolvedAt.getTime() < windowMinutes * 60_000;
}
