// Helpers shared by the platform parsers: pure functions, no I/O.
import { z } from 'zod';
import type { AlertLinks, NormalizedAlert, Platform, Severity } from '../../domain/alert.ts';
import { alertDedupKey } from '../fingerprint.ts';
import { AlertPayloadError } from '../payload-error.ts';

export type Json = Record<string, unknown>;

/** Scalars as trimmed text; objects, arrays, blank strings and non-finite numbers count as absent. */
export function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'boolean') return String(value);
  return undefined;
}

export function asRecord(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
}

/** A label or annotation map: scalar values kept as text, everything else dropped. */
export function stringMap(value: unknown): Record<string, string> {
  return compact(Object.fromEntries(Object.entries(asRecord(value) ?? {}).map(([key, raw]) => [key, text(raw)])));
}

/**
 * Table lookup by a sender-chosen key: own entries only, so `constructor` or `__proto__` in a
 * payload never reaches Object.prototype.
 */
export function lookup<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** zod leaves that never fail: senders are sloppy about types, and absence is decided later. */
export const zAny = z.unknown().optional();
export const zText = zAny.transform(text);
export const zMap = zAny.transform(stringMap);

/**
 * Parses the structural part of a payload, turning the first zod issue into a field error. `at`
 * is where `body` sits in the payload (`alerts[1]`), for an element parsed alone.
 */
export function parseShape<T extends z.ZodType>(schema: T, body: unknown, at?: string): z.output<T> {
  if (asRecord(body) === undefined) throw new AlertPayloadError(at ?? 'body', 'must be a JSON object');
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = fieldPath(at === undefined ? issue.path : [at, ...issue.path]);
  const missing = issue.code === 'invalid_type' && /received undefined$/.test(issue.message);
  throw new AlertPayloadError(field, missing ? 'is required' : `is invalid (${issue.message.replace(/^Invalid input: /, '')})`);
}

export function fieldPath(path: readonly PropertyKey[]): string {
  return (
    path.reduce<string>(
      (acc, part) => (typeof part === 'number' ? `${acc}[${part}]` : acc ? `${acc}.${String(part)}` : String(part)),
      '',
    ) || 'body'
  );
}

export function required<T>(value: T | undefined, field: string, alternatives: string[] = []): T {
  if (value !== undefined) return value;
  throw new AlertPayloadError(field, alternatives.length ? `is required (or ${alternatives.join(' or ')})` : 'is required');
}

export type SeverityTable = Readonly<Record<string, Severity>>;

/** Common vendor spellings, consulted after a platform's own table. */
export const VENDOR_SEVERITY: SeverityTable = {
  critical: 'critical',
  crit: 'critical',
  fatal: 'critical',
  emergency: 'critical',
  emerg: 'critical',
  disaster: 'critical',
  page: 'critical',
  p1: 'critical',
  sev1: 'critical',
  s1: 'critical',
  high: 'high',
  error: 'high',
  err: 'high',
  major: 'high',
  urgent: 'high',
  p2: 'high',
  sev2: 'high',
  s2: 'high',
  medium: 'medium',
  moderate: 'medium',
  warning: 'medium',
  warn: 'medium',
  average: 'medium',
  p3: 'medium',
  sev3: 'medium',
  s3: 'medium',
  low: 'low',
  minor: 'low',
  info: 'low',
  information: 'low',
  informational: 'low',
  notice: 'low',
  debug: 'low',
  none: 'low',
  p4: 'low',
  p5: 'low',
  sev4: 'low',
  sev5: 'low',
  s4: 'low',
  s5: 'low',
};

/** Severity when the payload names one we cannot place: present satisfies the spec's minimum. */
export const UNRECOGNISED_SEVERITY: Severity = 'medium';

const severityKey = (value: string): string => value.toLowerCase().replace(/[\s_-]/g, '');

/**
 * The first candidate the platform table or the vendor table recognises; else the fallback if any
 * candidate was present at all; else undefined, which the caller turns into a field error.
 */
export function pickSeverity(candidates: Array<string | undefined>, table: SeverityTable = {}): Severity | undefined {
  for (const candidate of candidates) {
    if (candidate === undefined) continue;
    const key = severityKey(candidate);
    const found = lookup(table, key) ?? lookup(VENDOR_SEVERITY, key);
    if (found) return found;
  }
  return candidates.some((candidate) => candidate !== undefined) ? UNRECOGNISED_SEVERITY : undefined;
}

const RESOLVED_WORDS = new Set(['resolved', 'recovered', 'recovery', 'ok', 'closed', 'close', 'normal', 'success', 'inactive']);

export function isResolvedWord(value: string | undefined): boolean {
  return value !== undefined && RESOLVED_WORDS.has(value.toLowerCase());
}

/** ISO time from ISO/RFC strings or epoch numbers (milliseconds, or seconds when small). */
export function toIsoTime(value: unknown): string | null {
  let ms: number;
  const numeric =
    typeof value === 'number' ? value : typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : undefined;
  if (numeric !== undefined) ms = numeric < 1e11 ? numeric * 1000 : numeric;
  else if (typeof value === 'string' && value.trim()) ms = Date.parse(value);
  else return null;
  // Alert managers send 0001-01-01T00:00:00Z for "not set".
  if (!Number.isFinite(ms) || ms <= 0 || ms > 8.64e15) return null;
  return new Date(ms).toISOString();
}

/**
 * The hostname part of a scrape `instance`: `host:port`, `[v6]:port`, a bare IPv6 address, or a
 * URL (blackbox-exporter targets).
 */
export function hostFromInstance(instance: string | undefined): string | null {
  if (!instance) return null;
  let authority = instance.trim();
  const url = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(authority);
  if (url) authority = url[1].slice(url[1].lastIndexOf('@') + 1);
  const bracketed = /^\[([^\]]+)\]/.exec(authority);
  if (bracketed) return bracketed[1];
  const colons = authority.split(':').length - 1;
  const host = colons === 1 ? authority.slice(0, authority.indexOf(':')) : authority;
  return host || null;
}

/** `key:value` tags as an array or a comma-separated string; repeated keys keep every value. */
export function parseTags(value: unknown): Record<string, string> {
  const tags = Array.isArray(value) ? value.map(text) : typeof value === 'string' ? value.split(',').map(text) : [];
  const labels = new Map<string, string[]>();
  for (const tag of tags) {
    if (tag === undefined) continue;
    const colon = tag.indexOf(':');
    const key = (colon === -1 ? tag : tag.slice(0, colon)).trim();
    const tagValue = colon === -1 ? '' : tag.slice(colon + 1).trim();
    if (!key) continue;
    const values = labels.get(key) ?? [];
    if (tagValue && !values.includes(tagValue)) values.push(tagValue);
    labels.set(key, values);
  }
  return Object.fromEntries([...labels].map(([key, values]) => [key, values.join(',')]));
}

/** Drops absent entries, so labels and links only hold what the payload had. */
export function compact(entries: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(entries).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

export function compactLinks(links: { [K in keyof AlertLinks]: string | undefined }): AlertLinks {
  return compact(links) as AlertLinks;
}

/** A scalar, or the first scalar of an array (for URL fields senders render as lists). */
export function firstItem(value: unknown): string | undefined {
  return Array.isArray(value) ? firstText(...value) : text(value);
}

/** One alert of a payload, judged alone: parsed, or refused naming the field at fault. */
export type AlertVerdict = { index: number; alert: NormalizedAlert } | { index: number; error: AlertPayloadError };

/**
 * Parses each element of a multi-alert payload on its own, so that one malformed alert is refused
 * alone instead of taking the payload's valid alerts with it.
 */
export function judgeEach(items: readonly unknown[], parse: (item: unknown, index: number) => NormalizedAlert): AlertVerdict[] {
  return items.map((item, index) => {
    try {
      return { index, alert: parse(item, index) };
    } catch (error) {
      if (error instanceof AlertPayloadError) return { index, error };
      throw error;
    }
  });
}

export type AlertDraft = Omit<NormalizedAlert, 'dedupKey' | 'source' | 'platform'> & { dedupKey?: string };

/** Completes a draft: the platform is the source, and the dedup key defaults to the contract's rule. */
export function finishAlert(platform: Platform, draft: AlertDraft): NormalizedAlert {
  const { dedupKey, ...rest } = draft;
  return {
    ...rest,
    platform,
    source: platform,
    dedupKey: dedupKey ?? alertDedupKey({ externalId: draft.externalId, title: draft.title, source: platform, host: draft.host }),
  };
}

/** The first of several candidate fields that holds text. */
export function firstText(...values: unknown[]): string | undefined {
  for (const value of values) {
    const found = text(value);
    if (found !== undefined) return found;
  }
  return undefined;
}
