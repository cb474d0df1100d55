// Kept free of Node built-ins and I/O: pure decisions of flap detection, table-tested.

/** An integration's flap detection: more than `threshold` reopenings within `window_minutes` is flapping. */
export interface FlappingSettings {
  threshold: number;
  window_minutes: number;
}

export const MAX_FLAP_THRESHOLD = 100;
export const MAX_FLAP_WINDOW_MINUTES = 1440;

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
 * An incident reopens at `now`. It is flapping when its reopenings within the window, this one
 * included, are more than the threshold; a flapping incident pages once per flapping period (the
 * reopening that starts the period), and not on the reopenings within it. Once its reopenings fall
 * back to the threshold it is no longer flapping and pages on each reopening again.
 */
export function decideReopen(
  state: { reopenedAt: readonly string[]; flappingSince: Date | null },
  settings: FlappingSettings,
  now: Date,
): ReopenDecision {
  const windowMs = settings.window_minutes * 60_000;
  const reopenedAt = [...state.reopenedAt.filter((at) => now.getTime() - Date.parse(at) < windowMs), now.toISOString()];
  if (reopenedAt.length <= settings.threshold) return { reopenedAt, flappingSince: null, pages: true, startedFlapping: false };
  const periodOver = !state.flappingSince || now.getTime() - state.flappingSince.getTime() >= windowMs;
  if (periodOver) return { reopenedAt, flappingSince: now, pages: true, startedFlapping: !state.flappingSince };
  return { reopenedAt, flappingSince: state.flappingSince, pages: false, startedFlapping: false };
}

/** Whether a firing alert reopens its key's last incident (resolved within the flap window) instead of opening a new one. */
export function reopensLastIncident(resolvedAt: Date | null, settings: FlappingSettings, now: Date): boolean {
  return resolvedAt !== null && now.getTime() - resolvedAt.getTime() < settings.window_minutes * 60_000;
}
