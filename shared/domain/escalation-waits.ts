import { fnv1a32 } from './alert-bucket.ts';
import type { EscalationEnd, EscalationState } from './escalation.ts';

/** Workflow-safe types and rules of the escalation waits buckets (no Node built-ins here). */

/**
 * How many bucket workflows hold one organization's escalations waiting for their next level.
 * The API and the relay find an incident's bucket from its id alone, so changing this strands the
 * waits held by the old buckets: change it only with none waiting.
 */
export const ESCALATION_WAIT_BUCKETS = 4;

export const escalationWaitBucketOf = (incidentId: string, buckets = ESCALATION_WAIT_BUCKETS): number =>
  fnv1a32(incidentId) % Math.max(1, Math.floor(buckets));

/**
 * How much one bucket holds at most, as the JSON of its escalations (about 1 KB each, more for a
 * level paging many people through delayed rules): continue-as-new carries them in its input, which
 * must stay far below Temporal's 2 MB payload limit. Beyond it, the ones due last wait as their own
 * workflow's delayed start instead, as every escalation did before buckets (decision 0029).
 */
export const MAX_HELD_BYTES = 1_000_000;
/** The most one relay signal to a bucket carries (as JSON): a larger batch goes in several. */
export const MAX_SIGNAL_BYTES = 256_000;
/** How many ended or started escalations one bucket remembers at most (about 80 bytes each); the oldest go first. */
export const MAX_SETTLED_ESCALATIONS = 4_000;

/**
 * How long before its wake a bucket hands an escalation on, as a delayed start of its own until
 * then: Temporal's timer, not the bucket's start round trip, decides when its next level pages.
 */
export const HAND_OFF_LEAD_MS = 5_000;

/** An escalation's key in its bucket: one per incident and cycle, as its workflow id. */
export const escalationWaitKey = (incidentId: string, cycle = 1): string => `${incidentId}:${cycle}`;

/** What a bucket reads of an escalation's workflow input (the whole input is what it starts the workflow with). */
export interface WaitingInput {
  organizationId: string;
  incidentId: string;
  cycle?: number;
}

/**
 * An escalation whose level 1 the relay paged, held by its bucket until shortly before `wakeAt` (its
 * next level or its rules' first delayed batch), when the bucket starts its workflow with `input`.
 */
export interface WaitingEscalation<Input extends WaitingInput = WaitingInput> {
  input: Input;
  wakeAt: number;
  /** Where it stands meanwhile: what its state query would answer. */
  state: EscalationState;
}

/**
 * What became of an escalation the bucket no longer holds: ended while it waited (acknowledged,
 * resolved, reassigned: its workflow never ran), or `started` (its workflow runs, or ran).
 */
export interface SettledEscalation {
  key: string;
  ended: EscalationEnd | 'started';
  at: number;
}

/**
 * How long a bucket answers for an escalation that ended while it waited, as Temporal answers for
 * a completed workflow until its namespace's retention (a day on the dev server) drops it.
 */
export const SETTLED_RETENTION_MS = 24 * 60 * 60_000;
/**
 * How long a bucket remembers that it started an escalation: a message that found no workflow a
 * moment before the start then asks again, and finds it running.
 */
export const STARTED_RETENTION_MS = 10 * 60_000;

export const settledUntil = (settled: SettledEscalation): number =>
  settled.at + (settled.ended === 'started' ? STARTED_RETENTION_MS : SETTLED_RETENTION_MS);

/** A message for a waiting escalation: end it there (its workflow never runs), or escalate it now. */
export type WaitingEscalationMessage = 'acknowledged' | 'resolved' | 'reassigned' | 'escalate_now';

/**
 * A bucket's answer to a message. `held`: it applied it (the state answered is where the escalation
 * stood, ended by it unless escalated). Otherwise it does not hold the escalation: `ended` when it
 * ended there before, `started` when its workflow now runs (send the message there), absent when
 * the bucket never held it.
 */
export type WaitingEscalationAnswer = { held: true; state: EscalationState } | { held: false; ended?: EscalationEnd; started?: true };

/** What a bucket answers for one escalation: waiting (its state), ended there, started, or unknown (null). */
export type WaitingEscalationView = { waiting: EscalationState } | { ended: EscalationEnd } | { started: true } | null;

/** Entries of other organizations, malformed ones and ones already held or settled are left out. */
export function acceptedWaits<W extends WaitingEscalation>(
  organizationId: string,
  entries: readonly W[],
  known: (key: string) => boolean,
): Array<[string, W]> {
  const accepted = new Map<string, W>();
  for (const entry of entries) {
    const input = entry?.input;
    if (!input || input.organizationId !== organizationId || typeof input.incidentId !== 'string') continue;
    if (!Number.isFinite(entry.wakeAt)) continue;
    const key = escalationWaitKey(input.incidentId, input.cycle ?? 1);
    if (!known(key) && !accepted.has(key)) accepted.set(key, entry);
  }
  return [...accepted];
}

/** The waiting entries due at `now`, soonest first. */
export function dueWaits<W extends WaitingEscalation>(waiting: ReadonlyMap<string, W>, now: number): Array<[string, W]> {
  return [...waiting].filter(([, entry]) => entry.wakeAt <= now).sort((a, b) => a[1].wakeAt - b[1].wakeAt);
}

/**
 * When the bucket next has something to do: `lead` before the soonest wait's end, or a settled
 * record's expiry; null when it holds nothing.
 */
export function nextWake(
  waiting: ReadonlyMap<string, WaitingEscalation>,
  settled: ReadonlyMap<string, SettledEscalation>,
  lead = 0,
): number | null {
  let next: number | null = null;
  for (const entry of waiting.values()) next = next === null ? entry.wakeAt - lead : Math.min(next, entry.wakeAt - lead);
  for (const record of settled.values()) next = next === null ? settledUntil(record) : Math.min(next, settledUntil(record));
  return next;
}

/** The state an escalation ended while waiting answers with. */
export const endedWaitState = (state: EscalationState, ended: EscalationEnd): EscalationState => ({
  ...state,
  ended,
  next_escalation_at: null,
});

/** The size an escalation counts for against MAX_HELD_BYTES and MAX_SIGNAL_BYTES: its JSON's length. */
export const waitSize = (entry: WaitingEscalation): number => JSON.stringify(entry).length;

/**
 * The held escalations to hand on so that what is left weighs at most `maxBytes` (by `sizeOf`),
 * due last first: they wait as delayed starts of their own.
 */
export function overflowingWaits<W extends WaitingEscalation>(
  waiting: ReadonlyMap<string, W>,
  sizeOf: (key: string) => number,
  maxBytes = MAX_HELD_BYTES,
): Array<[string, W]> {
  let held = 0;
  for (const key of waiting.keys()) held += sizeOf(key);
  if (held <= maxBytes) return [];
  const overflowing: Array<[string, W]> = [];
  for (const item of [...waiting].sort((a, b) => b[1].wakeAt - a[1].wakeAt)) {
    if (held <= maxBytes) break;
    overflowing.push(item);
    held -= sizeOf(item[0]);
  }
  return overflowing;
}

/** Entries in runs of at most `maxBytes` (by waitSize), in order; one larger than that goes alone. */
export function chunkedBySize<W extends WaitingEscalation>(entries: readonly W[], maxBytes = MAX_SIGNAL_BYTES): W[][] {
  const chunks: W[][] = [];
  let current: W[] = [];
  let size = 0;
  for (const entry of entries) {
    const entrySize = waitSize(entry);
    if (current.length > 0 && size + entrySize > maxBytes) {
      chunks.push(current);
      current = [];
      size = 0;
    }
    current.push(entry);
    size += entrySize;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/** Keys of settled records to forget at `now`: expired ones, then the oldest beyond MAX_SETTLED_ESCALATIONS. */
export function expiredSettled(settled: ReadonlyMap<string, SettledEscalation>, now: number, max = MAX_SETTLED_ESCALATIONS): string[] {
  const expired = [...settled.values()].filter((record) => settledUntil(record) <= now).map((record) => record.key);
  const left = [...settled.values()].filter((record) => settledUntil(record) > now).sort((a, b) => a.at - b.at);
  return [...expired, ...left.slice(0, Math.max(0, left.length - max)).map((record) => record.key)];
}
