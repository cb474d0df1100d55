// Datadog-like monitor webhooks, in two forms:
// - full: id, alert_id, alert_type, alert_name, alert_status / alert_transition, severity, priority,
//   message, host, tags, snapshot, link, date (epoch ms), alert_cycle_key / aggreg_key;
// - simplified (event-style senders): title, text, alert_type, source_type_name, tags; templated
//   senders add monitor_id and scopes (the monitor's group, e.g. `service:api`).
// `tags` is an array of `key:value` strings or one comma-separated string.
import { z } from 'zod';
import type { NormalizedAlert } from '../../domain/alert.ts';
import { infraMonitorDedupKey, toSafeKey } from '../fingerprint.ts';
import {
  compactLinks,
  finishAlert,
  firstText,
  isResolvedWord,
  parseShape,
  parseTags,
  pickSeverity,
  required,
  toIsoTime,
  zAny,
  zText,
} from './common.ts';
import type { SeverityTable } from './common.ts';

/**
 * The spec's table for `alert_type`, also applied to an explicit `severity` so the same word means
 * the same level in both fields. `success` is the recovery notification's type.
 */
export const INFRA_MONITOR_SEVERITY: SeverityTable = {
  error: 'critical',
  alert: 'critical',
  warning: 'medium',
  warn: 'medium',
  info: 'low',
  success: 'low',
};

const bodySchema = z.looseObject({
  id: zText,
  alert_id: zText,
  monitor_id: zText,
  scopes: zText,
  alert_cycle_key: zText,
  aggreg_key: zText,
  alert_type: zText,
  alert_name: zText,
  title: zText,
  alert_status: zText,
  alert_transition: zText,
  severity: zText,
  priority: zText,
  message: zText,
  text: zText,
  body: zText,
  host: zText,
  hostname: zText,
  service: zText,
  tags: zAny,
  source_type_name: zText,
  snapshot: zText,
  link: zText,
  url: zText,
  runbook_url: zText,
  date: zAny,
  last_updated: zAny,
});

export function parseInfraMonitor(body: unknown): NormalizedAlert[] {
  const payload = parseShape(bodySchema, body);
  const title = required(firstText(payload.alert_name, payload.title), 'alert_name', ['title']);
  // Event priority `normal`/`low` is about display, not urgency, so it is consulted last.
  const severity = required(pickSeverity([payload.severity, payload.alert_type, payload.priority], INFRA_MONITOR_SEVERITY), 'severity', [
    'alert_type',
  ]);
  const labels = parseTags(payload.tags);
  if (payload.source_type_name) labels.source_type_name = payload.source_type_name;
  const monitorId = payload.alert_id ?? payload.monitor_id;
  if (monitorId) labels.monitor_id = monitorId;
  if (payload.scopes) labels.scopes = payload.scopes;
  const host = firstText(payload.host, payload.hostname, labels.host) ?? null;
  const resolved =
    isResolvedWord(payload.alert_status) || isResolvedWord(payload.alert_transition) || payload.alert_type?.toLowerCase() === 'success';
  return [
    finishAlert('infra_monitor', {
      externalId: payload.id ?? null,
      dedupKey:
        cycleKey(payload.alert_cycle_key ?? payload.aggreg_key) ??
        infraMonitorDedupKey({ monitorId: monitorId ?? null, name: monitorName(title), scope: payload.scopes ?? host }),
      title,
      description: stripMarkdownFence(firstText(payload.message, payload.text, payload.body)),
      severity,
      status: resolved ? 'resolved' : 'firing',
      host,
      service: firstText(payload.service, labels.service) ?? null,
      labels,
      links: compactLinks({
        runbook_url: payload.runbook_url,
        snapshot_url: payload.snapshot,
        source_url: payload.link ?? payload.url,
      }),
      occurredAt: toIsoTime(payload.date) ?? toIsoTime(payload.last_updated),
      raw: body,
    }),
  ];
}

// `id` names one event, so a recovery arrives under a new id and never pairs by it. When the sender
// passes the key that spans trigger to recovery (alert_cycle_key, else aggreg_key), that key pairs
// them; otherwise the monitor and its scope do (infraMonitorDedupKey).
function cycleKey(value: string | undefined): string | undefined {
  return value === undefined ? undefined : toSafeKey(value);
}

// Datadog titles carry the transition: `[Triggered] Name`, `[Recovered on {service:api}] Name`,
// `[P2] [Warn] Name`. The monitor's name is the title without it (other tags, like the priority, stay).
const TRANSITIONS = ['triggered', 're-triggered', 'recovered', 'warn', 're-warn', 'no data', 're-no data', 'renotify'];

/** The title without the leading transition tags: the same for every notification of one monitor. */
export function monitorName(title: string): string {
  const kept: string[] = [];
  let at = 0;
  // An index walk, not a regex or repeated slicing of the rest: linear in the title's length.
  while (title[at] === '[') {
    const close = title.indexOf(']', at);
    if (close === -1) break;
    const tag = title
      .slice(at + 1, close)
      .trim()
      .toLowerCase();
    if (!TRANSITIONS.some((word) => tag === word || tag.startsWith(`${word} `))) kept.push(title.slice(at, close + 1));
    at = close + 1;
    while (title[at] === ' ') at += 1;
  }
  return [...kept, title.slice(at)].join(' ').trim() || title;
}

// Datadog wraps Markdown bodies in %%% fences; they mean nothing outside Datadog. String methods, not
// /\s*%%%$/: that regex retries its whitespace run from every position, quadratic in a long run of
// spaces (80k of them took 8 s of the API's event loop).
function stripMarkdownFence(value: string | undefined): string | null {
  if (value === undefined) return null;
  let body = value;
  if (body.startsWith('%%%')) body = body.slice(3).trimStart();
  if (body.endsWith('%%%')) body = body.slice(0, -3).trimEnd();
  return body || null;
}
