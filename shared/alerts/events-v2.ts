// PagerDuty's Events API v2 (alert events on /v2/enqueue, change events on /v2/change/enqueue),
// read as PagerDuty documents it. Pure: no I/O, so every field rule is table-tested.
import type { AlertLinks, NormalizedAlert, Severity } from '../domain/alert.ts';
import { asRecord, compact, compactLinks, text, toIsoTime } from './parsers/common.ts';
import { toSafeKey } from './fingerprint.ts';

export const EVENT_ACTIONS = ['trigger', 'acknowledge', 'resolve'] as const;
export type EventAction = (typeof EVENT_ACTIONS)[number];

/** PagerDuty's four severities, placed on Tocsin's scale (error is the one below critical). */
export const EVENTS_V2_SEVERITY: Readonly<Record<string, Severity>> = {
  critical: 'critical',
  error: 'high',
  warning: 'medium',
  info: 'low',
};

/** PagerDuty's documented bounds: a dedup key of at most 255 characters, a summary of at most 1024. */
export const MAX_DEDUP_KEY_LENGTH = 255;
export const MAX_SUMMARY_LENGTH = 1024;

/** Why PagerDuty would refuse the event: one sentence per problem, answered in `errors`. */
export class InvalidEventError extends Error {
  override name = 'InvalidEventError';
  readonly errors: string[];
  constructor(errors: string[]) {
    super(`Event object is invalid: ${errors.join('; ')}`);
    this.errors = errors;
  }
}

export type AlertEvent =
  | { action: 'trigger'; routingKey: string; dedupKey: string; alert: NormalizedAlert }
  | { action: 'resolve'; routingKey: string; dedupKey: string; alert: NormalizedAlert }
  | { action: 'acknowledge'; routingKey: string; dedupKey: string; fingerprint: string };

export interface ChangeEvent {
  routingKey: string;
  summary: string;
  source: string | null;
  timestamp: string | null;
  customDetails: Record<string, unknown>;
  links: Array<{ href: string; text: string | null }>;
}

const isString = (value: unknown): value is string => typeof value === 'string';

function routingKeyOf(body: Record<string, unknown>, errors: string[]): string {
  const key = body.routing_key;
  if (!isString(key) || key.trim() === '') errors.push("'routing_key' is missing or blank");
  return isString(key) ? key.trim() : '';
}

/** `links`: objects with an `href` (and optional `text`); anything else is refused, as PagerDuty does. */
function linksOf(value: unknown, errors: string[]): Array<{ href: string; text: string | null }> {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    errors.push("'links' must be an array of objects");
    return [];
  }
  const links: Array<{ href: string; text: string | null }> = [];
  value.forEach((item, index) => {
    const href = text(asRecord(item)?.href);
    if (href === undefined) errors.push(`'links[${index}].href' is missing or blank`);
    else links.push({ href, text: text(asRecord(item)?.text) ?? null });
  });
  return links;
}

function imagesOf(value: unknown, errors: string[]): Array<{ src: string; href: string | null; alt: string | null }> {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    errors.push("'images' must be an array of objects");
    return [];
  }
  const images: Array<{ src: string; href: string | null; alt: string | null }> = [];
  value.forEach((item, index) => {
    const image = asRecord(item);
    const src = text(image?.src);
    if (src === undefined) errors.push(`'images[${index}].src' is missing or blank`);
    else images.push({ src, href: text(image?.href) ?? null, alt: text(image?.alt) ?? null });
  });
  return images;
}

function summaryOf(payload: Record<string, unknown>, errors: string[]): string {
  const summary = text(payload.summary);
  if (summary === undefined) errors.push("'payload.summary' is missing or blank");
  else if (summary.length > MAX_SUMMARY_LENGTH) errors.push(`'payload.summary' is longer than ${MAX_SUMMARY_LENGTH} characters`);
  return summary ?? '';
}

/** Custom details kept as labels where they are scalars (`details.<name>`), so matchers can route on them. */
function detailLabels(details: Record<string, unknown> | undefined): Record<string, string> {
  if (!details) return {};
  return compact(Object.fromEntries(Object.entries(details).map(([name, value]) => [`details.${name}`, text(value)])));
}

/**
 * An alert event (`POST /v2/enqueue`), or InvalidEventError listing every problem. `newDedupKey`
 * names a trigger sent without `dedup_key` (PagerDuty generates one and answers it). The returned
 * `dedupKey` is the sender's, as answered; the alert's dedup key (and an acknowledge's
 * `fingerprint`) is it made safe for a workflow id (hashed when it holds other characters).
 */
export function parseAlertEvent(body: unknown, newDedupKey: () => string): AlertEvent {
  const event = asRecord(body);
  if (!event) throw new InvalidEventError(['Event object must be a JSON object']);
  const errors: string[] = [];
  const routingKey = routingKeyOf(event, errors);
  const action = event.event_action;
  if (!isString(action) || !(EVENT_ACTIONS as readonly string[]).includes(action)) {
    errors.push("'event_action' is invalid (must be one of: trigger, acknowledge, resolve)");
  }
  const sentKey = event.dedup_key;
  if (sentKey !== undefined && sentKey !== null && !isString(sentKey)) errors.push("'dedup_key' must be a string");
  const given = isString(sentKey) && sentKey.trim() !== '' ? sentKey : undefined;
  if (given !== undefined && given.length > MAX_DEDUP_KEY_LENGTH)
    errors.push(`'dedup_key' is longer than ${MAX_DEDUP_KEY_LENGTH} characters`);
  if (action !== 'trigger' && given === undefined && isString(action) && (EVENT_ACTIONS as readonly string[]).includes(action))
    errors.push(`'dedup_key' is required for ${action} events`);

  if (action !== 'trigger') {
    // Acknowledge and resolve need only the key; a payload, if sent, is ignored as PagerDuty does.
    if (errors.length > 0) throw new InvalidEventError(errors);
    const dedupKey = given as string;
    const fingerprint = toSafeKey(dedupKey);
    if (action === 'acknowledge') return { action, routingKey, dedupKey, fingerprint };
    const alert: NormalizedAlert = {
      platform: 'pager',
      externalId: dedupKey,
      dedupKey: fingerprint,
      title: `Resolve event for ${dedupKey}`.slice(0, MAX_SUMMARY_LENGTH),
      description: null,
      severity: 'low',
      status: 'resolved',
      source: 'pager',
      host: null,
      service: null,
      labels: {},
      links: {},
      occurredAt: null,
      raw: body,
    };
    return { action: 'resolve', routingKey, dedupKey, alert };
  }

  const payload = asRecord(event.payload);
  if (!payload) errors.push("'payload' is missing or not an object");
  const summary = payload ? summaryOf(payload, errors) : '';
  const source = payload ? text(payload.source) : undefined;
  if (payload && source === undefined) errors.push("'payload.source' is missing or blank");
  const severityText = payload ? text(payload.severity) : undefined;
  const severity = severityText === undefined ? undefined : EVENTS_V2_SEVERITY[severityText];
  if (payload && (severityText === undefined || !Object.hasOwn(EVENTS_V2_SEVERITY, severityText)))
    errors.push("'payload.severity' is invalid (must be one of: critical, error, warning, info)");
  if (payload && payload.custom_details !== undefined && payload.custom_details !== null && typeof payload.custom_details !== 'object')
    errors.push("'payload.custom_details' must be an object");
  let occurredAt: string | null = null;
  if (payload && payload.timestamp !== undefined && payload.timestamp !== null) {
    occurredAt = isString(payload.timestamp) ? toIsoTime(payload.timestamp) : null;
    if (occurredAt === null) errors.push("'payload.timestamp' is not a valid ISO 8601 timestamp");
  }
  const links = linksOf(event.links, errors);
  const images = imagesOf(event.images, errors);
  if (errors.length > 0 || !payload || severity === undefined || source === undefined) throw new InvalidEventError(errors);

  const dedupKey = given ?? newDedupKey();
  const component = text(payload.component);
  const group = text(payload.group);
  const eventClass = text(payload.class);
  const details = asRecord(payload.custom_details);
  const alertLinks: AlertLinks = compactLinks({
    runbook_url: undefined,
    dashboard_url: undefined,
    snapshot_url: images[0]?.src,
    source_url: text(event.client_url) ?? links[0]?.href,
  });
  const alert: NormalizedAlert = {
    platform: 'pager',
    externalId: dedupKey,
    dedupKey: toSafeKey(dedupKey),
    title: summary,
    description: details ? JSON.stringify(details, null, 2).slice(0, 10_000) : null,
    severity,
    status: 'firing',
    source: 'pager',
    host: source,
    service: component ?? group ?? null,
    labels: {
      ...detailLabels(details),
      ...compact({
        source,
        severity: severityText,
        component,
        group,
        class: eventClass,
        client: text(event.client),
      }),
    },
    links: alertLinks,
    occurredAt,
    raw: body,
  };
  return { action: 'trigger', routingKey, dedupKey, alert };
}

/** A change event (`POST /v2/change/enqueue`), or InvalidEventError. */
export function parseChangeEvent(body: unknown): ChangeEvent {
  const event = asRecord(body);
  if (!event) throw new InvalidEventError(['Event object must be a JSON object']);
  const errors: string[] = [];
  const routingKey = routingKeyOf(event, errors);
  const payload = asRecord(event.payload);
  if (!payload) errors.push("'payload' is missing or not an object");
  const summary = payload ? summaryOf(payload, errors) : '';
  let timestamp: string | null = null;
  if (payload && payload.timestamp !== undefined && payload.timestamp !== null) {
    timestamp = isString(payload.timestamp) ? toIsoTime(payload.timestamp) : null;
    if (timestamp === null) errors.push("'payload.timestamp' is not a valid ISO 8601 timestamp");
  }
  const links = linksOf(event.links, errors);
  if (errors.length > 0 || !payload) throw new InvalidEventError(errors);
  return {
    routingKey,
    summary,
    source: text(payload.source) ?? null,
    timestamp,
    customDetails: asRecord(payload.custom_details) ?? {},
    links,
  };
}
