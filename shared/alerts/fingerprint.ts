// Parsing runs in the API process (workflows receive already-normalized alerts), so node:crypto is fine.
import { createHash } from 'node:crypto';
import { DEDUP_KEY_PATTERN } from '../domain/alert.ts';

export { DEDUP_KEY_PATTERN };

/** An id that is already safe is kept as is (readable in Temporal's UI); anything else is hashed. */
export function toSafeKey(value: string): string {
  return DEDUP_KEY_PATTERN.test(value) ? value : sha256Hex(value);
}

/**
 * Metrics platform (contract): the alert manager's `fingerprint`, else a hash of
 * `alertname|instance|job` (a missing label counts as the empty string).
 */
export function metricsDedupKey(input: {
  fingerprint?: string | null;
  alertname?: string | null;
  instance?: string | null;
  job?: string | null;
}): string {
  if (input.fingerprint) return toSafeKey(input.fingerprint);
  return sha256Hex([input.alertname ?? '', input.instance ?? '', input.job ?? ''].join('|'));
}

/**
 * infra_monitor, when the sender passes no cycle key: what stays the same from trigger to recovery,
 * never the event `id` (each notification has its own). A hash of `monitor|infra_monitor|scope`:
 * the monitor is `monitor:<id>` when the sender names it, else its name (the caller strips the
 * transition a title carries); the scope is the group the monitor fired for, else its host.
 * Without a monitor id or scope this is the contract's `title|source|host` hash.
 */
export function infraMonitorDedupKey(input: { monitorId: string | null; name: string; scope: string | null }): string {
  const monitor = input.monitorId === null ? input.name : `monitor:${input.monitorId}`;
  return sha256Hex([monitor, 'infra_monitor', input.scope ?? ''].join('|'));
}

/** Every other platform (contract): its external id, else a hash of `title|source|host`. */
export function alertDedupKey(input: { externalId: string | null; title: string; source: string; host: string | null }): string {
  if (input.externalId) return toSafeKey(input.externalId);
  return sha256Hex([input.title, input.source, input.host ?? ''].join('|'));
}

/** Lowercase hex SHA-256 of the UTF-8 encoding of `input`. */
export function sha256Hex(input: string): string {
  return createHash('sha256').update(input, 'utf8').digest('hex');
}
