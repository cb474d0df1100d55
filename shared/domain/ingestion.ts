import type { NormalizedAlert } from './alert.ts';

/** One accepted alert on its way to an incident: what the bucket (or a draining per-key) workflow receives. */
export interface AlertSignalPayload {
  /**
   * Derived by the API from the delivery (see api/services/alert-receipt.ts): the same for a
   * sender's retry within the same dedup window bucket; the idempotency key of every write the
   * alert causes.
   */
  alertId: string;
  organizationId: string;
  integrationId: string;
  receivedAt: string;
  alert: NormalizedAlert;
  /** The delivery and the alert's place in it, without the time bucket: how a workflow recognises a retry across a bucket boundary. */
  receiptKey?: string;
  /** How long after `receivedAt` an alert with the same receipt key is a retry of this one. */
  dedupWindowSeconds?: number;
}

/** Input of the alert-ingestion workflow; also what it carries over on continue-as-new. */
export interface AlertIngestionInput {
  organizationId: string;
  integrationId: string;
  dedupKey: string;
  incidentId?: string | null;
  /**
   * Set by the API when it starts the workflow for a firing alert: the id of the incident the run
   * will open, already the workflow's incident search attribute (no upsert needed for it).
   */
  firstIncidentId?: string;
  pending?: AlertSignalPayload[];
  /** Receipt keys seen within their window, oldest first: [key, until (epoch ms)]. */
  recentReceipts?: Array<[string, number]>;
  /** The organization's auto_resolve_after_hours when the open incident was created, in ms; null: never. */
  autoResolveAfterMs?: number | null;
}

/** The most receipt keys a workflow remembers (and carries over continue-as-new): about 40 KB. */
export const MAX_RECENT_RECEIPTS = 1000;

/**
 * The alerts of a signal that are not retries of one already received: an alert is a retry when
 * an alert with its receipt key was received less than its dedup window before it. Updates
 * `recent` (receipt key → until when later ones are retries, in insertion order): admitted alerts
 * are added, expired entries at the front are dropped, and beyond `max` the oldest go (a retry of
 * those is then recognised only by its alert id, i.e. within the same time bucket). Pure and
 * based on the signals' own times, so deterministic in a workflow.
 */
export function admitNewReceipts<T extends Pick<AlertSignalPayload, 'receiptKey' | 'dedupWindowSeconds' | 'receivedAt'>>(
  recent: Map<string, number>,
  alerts: readonly T[],
  max = MAX_RECENT_RECEIPTS,
): T[] {
  const admitted: T[] = [];
  for (const alert of alerts) {
    const at = Date.parse(alert.receivedAt);
    if (!alert.receiptKey || !alert.dedupWindowSeconds || Number.isNaN(at)) {
      admitted.push(alert);
      continue;
    }
    const until = recent.get(alert.receiptKey);
    if (until !== undefined && at < until) continue;
    recent.delete(alert.receiptKey);
    recent.set(alert.receiptKey, at + alert.dedupWindowSeconds * 1000);
    admitted.push(alert);
    for (const [key, expiresAt] of recent) {
      if (recent.size <= max && expiresAt > at) break;
      recent.delete(key);
    }
  }
  return admitted;
}

export interface IngestionResult {
  incidentId: string | null;
}

/** What auto-resolving an idle incident did: resolved it, or found a newer alert and says how long to wait still. */
export type AutoResolveResult = { resolved: true } | { resolved: false; waitMs: number };

/**
 * The most alerts one ingestion transaction applies. Below MikroORM's insert batch size (300), so
 * alerts, timeline entries and domain events each go in one statement; large enough that a storm on
 * one key drains in a few transactions.
 */
export const MAX_ALERTS_PER_BATCH = 250;

/** The most alerts the API puts in one signal: keeps each signal well under Temporal's payload limits. */
export const MAX_ALERTS_PER_SIGNAL = 100;

/**
 * How many of the pending alerts (arrival order) the next ingestion batch takes: up to `max`, and
 * never past the first resolved alert. A batch so changes at most one incident: it appends firing
 * alerts, then maybe resolves it; firing alerts after a resolve open the next incident in the next
 * batch, once the workflow knows the first one is closed.
 */
export function nextBatchSize(pending: readonly { alert: { status: string } }[], max = MAX_ALERTS_PER_BATCH): number {
  const limit = Math.min(pending.length, Math.max(1, max));
  for (let index = 0; index < limit; index += 1) {
    if (pending[index]?.alert.status === 'resolved') return index + 1;
  }
  return limit;
}

/**
 * The alerts of one payload as signals, per workflow (by default per dedup key; the API groups by
 * bucket workflow): each group's alerts in arrival order, split into signals of at most `max`,
 * which must be sent one after the other; different groups may be signalled concurrently. Groups
 * come in the order of their first alert.
 */
export function signalBatches<T extends { alert: { dedupKey: string } }>(
  signals: readonly T[],
  max = MAX_ALERTS_PER_SIGNAL,
  groupOf: (signal: T) => string = (signal) => signal.alert.dedupKey,
): T[][][] {
  const byKey = new Map<string, T[][]>();
  for (const signal of signals) {
    const group = groupOf(signal);
    const chunks = byKey.get(group) ?? [];
    const last = chunks.at(-1);
    if (last && last.length < Math.max(1, max)) last.push(signal);
    else chunks.push([signal]);
    byKey.set(group, chunks);
  }
  return [...byKey.values()];
}

/** Alerts by dedup key, each key's in arrival order: what a bucket's batch applies key by key. */
export function groupByDedupKey<T extends { alert: { dedupKey: string } }>(signals: readonly T[]): Map<string, T[]> {
  const byKey = new Map<string, T[]>();
  for (const signal of signals) {
    const list = byKey.get(signal.alert.dedupKey);
    if (list) list.push(signal);
    else byKey.set(signal.alert.dedupKey, [signal]);
  }
  return byKey;
}

/** Input of the alert bucket workflow; also what it carries over on continue-as-new. */
export interface AlertBucketInput {
  organizationId: string;
  integrationId: string;
  /** alertBucketOf(dedup key) of every alert it receives. */
  bucket: number;
  /** Alerts received and not yet applied, in arrival order (continue-as-new carries them). */
  pending?: AlertSignalPayload[];
  /** History length after which the run continues as new; the workflow's default unless set (tests shorten it). */
  maxHistoryEvents?: number;
  /** How long without alerts before the run ends; the workflow's default unless set (tests shorten it). */
  idleMs?: number;
}
