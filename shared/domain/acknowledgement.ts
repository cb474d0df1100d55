// Kept free of Node built-ins and I/O: the acknowledgement workflow imports this file into its sandbox.
import type { IncidentStatus } from './incident.ts';

/** Snooze bounds, in seconds (PagerDuty's API takes seconds too): a minute to a day. */
export const MIN_SNOOZE_SECONDS = 60;
export const MAX_SNOOZE_SECONDS = 24 * 60 * 60;

/** Acknowledgement-timeout bounds, in minutes (fractions allowed, as for level delays). */
export const MIN_ACK_TIMEOUT_MINUTES = 0.05;
export const MAX_ACK_TIMEOUT_MINUTES = 1440;

/** The status that means "acknowledged" for timeouts and snoozes. */
export const ACKNOWLEDGED_STATUS: IncidentStatus = 'investigating';

/** Why an acknowledged incident pages again. */
export type RepageReason = 'ack_timeout' | 'snooze_ended';

/** The acknowledgement timeout that applies: the routing rule's overrides the policy's; null: none. */
export function effectiveAckTimeoutMinutes(rule: number | null | undefined, policy: number | null | undefined): number | null {
  return rule ?? policy ?? null;
}

/**
 * When an acknowledged incident pages again: at the end of its snooze when snoozed (a snooze
 * replaces the timeout, as in PagerDuty), else its acknowledgement plus the timeout; null: never.
 */
export function repageAt(input: { acknowledgedAt: number; ackTimeoutMs: number | null; snoozedUntil: number | null }): number | null {
  if (input.snoozedUntil !== null) return input.snoozedUntil;
  if (input.ackTimeoutMs === null) return null;
  return input.acknowledgedAt + input.ackTimeoutMs;
}

/** The incident as the re-page decision reads it, under its row lock. */
export interface AcknowledgedIncident {
  status: IncidentStatus;
  escalationCycle: number;
  snoozedUntil: Date | null;
}

/**
 * What a timer of an acknowledgement (its cycle) does when it fires: re-page (back to `active`, a
 * new cycle); wait on for a snooze that ends later; or nothing, because the incident left that
 * acknowledgement (resolved, mitigated, active again, or a newer cycle took over).
 */
export function repageDecision(
  incident: AcknowledgedIncident,
  cycle: number,
  now: number,
): { action: 'repage'; reason: RepageReason } | { action: 'wait'; until: number } | { action: 'none' } {
  if (incident.escalationCycle !== cycle || incident.status !== ACKNOWLEDGED_STATUS) return { action: 'none' };
  if (incident.snoozedUntil && incident.snoozedUntil.getTime() > now) return { action: 'wait', until: incident.snoozedUntil.getTime() };
  return { action: 'repage', reason: incident.snoozedUntil ? 'snooze_ended' : 'ack_timeout' };
}

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/**
 * A duration as people type it (`30m`, `1h30m`, `90s`, `2h`; a bare number is minutes), in
 * seconds; null when it is not one.
 */
export function parseDuration(text: string): number | null {
  const trimmed = text.trim().toLowerCase();
  if (/^\d{1,6}(\.\d{1,3})?$/.test(trimmed)) return Math.round(Number(trimmed) * 60);
  // Sticky: each part must start where the last ended, so the scan is linear.
  const part = /(\d{1,6}(?:\.\d{1,3})?)([smhd])/y;
  let seconds = 0;
  while (part.lastIndex < trimmed.length) {
    const match = part.exec(trimmed);
    if (!match) return null;
    seconds += Number(match[1]) * (UNIT_SECONDS[match[2] as string] ?? 0);
  }
  return trimmed.length > 0 ? Math.round(seconds) : null;
}
