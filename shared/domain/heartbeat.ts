/**
 * Heartbeats (dead man's switches), pure rules: when one lapses, when it recovers, which alerts
 * its workflow still owes the ingestion path, and which posted bodies count as a ping.
 */

export const HEARTBEAT_STATUSES = ['up', 'down'] as const;
export type HeartbeatStatus = (typeof HEARTBEAT_STATUSES)[number];

/** Bounds of period and grace, in seconds: 5 s up to 31 days. */
export const MIN_PERIOD_SECONDS = 5;
export const MAX_PERIOD_SECONDS = 31 * 86_400;
/** The Alertmanager alert that counts as a ping unless a heartbeat names another. */
export const DEFAULT_WATCHDOG_ALERT_NAME = 'Watchdog';
/**
 * While down, the workflow also looks again every period, within these bounds, in case a ping's
 * signal was lost: often enough to recover, rare enough that thousands down at once cost little.
 */
export const DOWN_RECHECK_MS = { min: 60_000, max: 15 * 60_000 };

export interface HeartbeatTiming {
  periodSeconds: number;
  graceSeconds: number;
  /** Creation, or the last change of period or grace before the first ping. */
  armedAt: Date;
  lastPingAt: Date | null;
  /** When it last lapsed; null before its first lapse. */
  lapsedAt?: Date | null;
}

/** When the heartbeat lapses unless pinged first: the last ping (else arming) + period + grace. */
export function heartbeatDeadline(timing: HeartbeatTiming): number {
  const from = (timing.lastPingAt ?? timing.armedAt).getTime();
  return from + (timing.periodSeconds + timing.graceSeconds) * 1000;
}

export interface HeartbeatState {
  status: HeartbeatStatus;
  lapseCount: number;
}

export type HeartbeatTransition = 'lapsed' | 'recovered' | null;

/**
 * The state at `nowMs`: `up` past its deadline lapses (a new lapse number); `down` recovers once a
 * ping came at or after the lapse, however late this is evaluated (a backlogged worker must not
 * swallow the ping that should resolve the incident). Anything else stays.
 */
export function nextHeartbeatState(
  current: HeartbeatState,
  timing: HeartbeatTiming,
  nowMs: number,
): HeartbeatState & { transition: HeartbeatTransition } {
  const overdue = heartbeatDeadline(timing) <= nowMs;
  if (current.status === 'up' && overdue) return { status: 'down', lapseCount: current.lapseCount + 1, transition: 'lapsed' };
  const pingedSinceLapse = timing.lapsedAt
    ? timing.lastPingAt !== null && timing.lastPingAt.getTime() >= timing.lapsedAt.getTime()
    : !overdue;
  if (current.status === 'down' && pingedSinceLapse) return { status: 'up', lapseCount: current.lapseCount, transition: 'recovered' };
  return { ...current, transition: null };
}

/** When the workflow should look again: at the deadline while up, after a recheck interval (DOWN_RECHECK_MS) while down. */
export function heartbeatWakeAt(state: HeartbeatState, timing: HeartbeatTiming, nowMs: number): number {
  if (state.status === 'up') return heartbeatDeadline(timing);
  return nowMs + Math.min(DOWN_RECHECK_MS.max, Math.max(DOWN_RECHECK_MS.min, timing.periodSeconds * 1000));
}

/** The lapses whose firing and resolved alerts the workflow has handed to ingestion so far. */
export interface HeartbeatAlertLedger {
  firedLapse: number;
  resolvedLapse: number;
}

export interface DueHeartbeatAlert {
  lapse: number;
  status: 'firing' | 'resolved';
}

/**
 * What the workflow still owes ingestion for the state it read: the current lapse's firing alert
 * while down, and while up after a lapse its resolved alert (its firing one first, should a crash
 * have lost it). Recomputed from the database after every wake, so a transition committed by an
 * activity whose result was lost is still announced, once: alert ids are keyed by lapse number.
 */
export function dueHeartbeatAlerts(ledger: HeartbeatAlertLedger, state: HeartbeatState): DueHeartbeatAlert[] {
  const lapse = state.lapseCount;
  if (lapse === 0) return [];
  const due: DueHeartbeatAlert[] = [];
  if (ledger.firedLapse < lapse) due.push({ lapse, status: 'firing' });
  if (state.status === 'up' && ledger.resolvedLapse < lapse) due.push({ lapse, status: 'resolved' });
  return due;
}

/** The dedup key of every alert of a heartbeat: all its lapses join one incident while it is open. */
export const heartbeatDedupKey = (heartbeatId: string) => `heartbeat-${heartbeatId}`;

/**
 * What a ping's body says: `null` for a plain ping (no body, or not an Alertmanager payload), else
 * the `alertname` of each firing alert of an Alertmanager webhook payload, which pings only
 * heartbeats watching one of those names (a resolved Watchdog means the pipeline broke: no ping).
 */
export function firingAlertNames(body: unknown): string[] | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const alerts = (body as { alerts?: unknown }).alerts;
  if (!Array.isArray(alerts)) return null;
  const names = new Set<string>();
  for (const alert of alerts.slice(0, 1000)) {
    if (!alert || typeof alert !== 'object') continue;
    const { status, labels } = alert as { status?: unknown; labels?: unknown };
    const name = labels && typeof labels === 'object' ? (labels as { alertname?: unknown }).alertname : undefined;
    if (status === 'firing' && typeof name === 'string' && name.length > 0) names.add(name.slice(0, 200));
  }
  return [...names];
}
