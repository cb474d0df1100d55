// Kept free of Node built-ins and I/O: Temporal workflows import this file into their sandbox.
import { z } from 'zod';

/** The spec's neutral identifiers; each is also the `{platform}` segment of the webhook routes. */
export const PLATFORMS = [
  'infra_monitor',
  'apm',
  'pager',
  'dashboards',
  'search_logs',
  'observability',
  'metrics_alerts',
  // Any JSON body, read through the integration's own mapping template (shared/alerts/json-mapping.ts).
  'generic_json',
] as const;
export type Platform = (typeof PLATFORMS)[number];

/** Most severe first, in the lowercase form the API uses. */
export const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const ALERT_STATUSES = ['firing', 'resolved'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

export const platformSchema = z.enum(PLATFORMS);
export const severitySchema = z.enum(SEVERITIES);
export const alertStatusSchema = z.enum(ALERT_STATUSES);

export function isPlatform(value: unknown): value is Platform {
  return typeof value === 'string' && (PLATFORMS as readonly string[]).includes(value);
}

/** What a dedup key may contain: it becomes part of the workflow id `alert:<org>:<integration>:<key>`. */
export const DEDUP_KEY_PATTERN = /^[A-Za-z0-9._-]{1,128}$/;

export interface AlertLinks {
  runbook_url?: string;
  dashboard_url?: string;
  snapshot_url?: string;
  /** Link back to the alert in the sending platform (rule, monitor, incident page, generator). */
  source_url?: string;
}

/** One alert, whatever platform sent it; the unit the alert-ingestion workflow receives as a signal. */
export interface NormalizedAlert {
  platform: Platform;
  /** The platform's own identifier for the alert (returned to the sender as `alert_id`). */
  externalId: string | null;
  /** Matches DEDUP_KEY_PATTERN, so it can be embedded in a workflow id. */
  dedupKey: string;
  title: string;
  description: string | null;
  severity: Severity;
  status: AlertStatus;
  /** The platform identifier; incidents record it as their `source`. */
  source: string;
  host: string | null;
  service: string | null;
  labels: Record<string, string>;
  links: AlertLinks;
  /** ISO 8601 UTC, or null when the payload carries no usable time. */
  occurredAt: string | null;
  /** The part of the payload this alert came from (the element of a multi-alert payload). */
  raw: unknown;
}

export const alertLinksSchema = z.object({
  runbook_url: z.string().optional(),
  dashboard_url: z.string().optional(),
  snapshot_url: z.string().optional(),
  source_url: z.string().optional(),
});

/** Re-validates an alert that crossed a process boundary (workflow signal, queue, stored history). */
export const normalizedAlertSchema = z.object({
  platform: platformSchema,
  externalId: z.string().nullable(),
  dedupKey: z.string().regex(DEDUP_KEY_PATTERN),
  title: z.string().min(1),
  description: z.string().nullable(),
  severity: severitySchema,
  status: alertStatusSchema,
  source: z.string(),
  host: z.string().nullable(),
  service: z.string().nullable(),
  labels: z.record(z.string(), z.string()),
  links: alertLinksSchema,
  occurredAt: z.string().nullable(),
  raw: z.unknown(),
});

/**
 * Longest label value kept at ingestion: matchers (silences, maintenance windows, routing rules)
 * run over every label value, and a regex costs up to its width per character, so a value's length
 * bounds what one alert can cost. Longer values are cut; the payload as sent stays in `raw`.
 */
export const MAX_LABEL_VALUE_LENGTH = 1024;

/** `value` cut to MAX_LABEL_VALUE_LENGTH UTF-16 units, never between the halves of a surrogate pair. */
export function boundLabelValue(value: string): string {
  if (value.length <= MAX_LABEL_VALUE_LENGTH) return value;
  const code = value.charCodeAt(MAX_LABEL_VALUE_LENGTH - 1);
  const end = code >= 0xd800 && code <= 0xdbff ? MAX_LABEL_VALUE_LENGTH - 1 : MAX_LABEL_VALUE_LENGTH;
  return value.slice(0, end);
}

/** Labels with every value bounded (the same object when none needed cutting). */
export function boundLabels(labels: Readonly<Record<string, string>>): Record<string, string> {
  const entries = Object.entries(labels);
  if (entries.every(([, value]) => value.length <= MAX_LABEL_VALUE_LENGTH)) return labels as Record<string, string>;
  return Object.fromEntries(entries.map(([name, value]) => [name, boundLabelValue(value)]));
}
