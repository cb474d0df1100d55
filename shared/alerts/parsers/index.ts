// Pure: no I/O, so parsers are table-tested without any server.
import { boundLabels, isPlatform } from '../../domain/alert.ts';
import type { NormalizedAlert, Platform } from '../../domain/alert.ts';
import { AlertPayloadError } from '../payload-error.ts';
import { judgeMappedResult } from '../json-mapping.ts';
import { parseApm } from './apm.ts';
import { asRecord, judgeEach, type AlertVerdict } from './common.ts';
import { parseDashboards } from './dashboards.ts';
import { parseInfraMonitor } from './infra_monitor.ts';
import { parseMetricsAlerts } from './metrics_alerts.ts';
import { parseObservability } from './observability.ts';
import { parsePager } from './pager.ts';
import { parseSearchLogs } from './search_logs.ts';

export type { AlertVerdict };

/** One verdict per alert the body carries; throws AlertPayloadError when the body itself is unusable. */
export type AlertParser = (body: unknown) => AlertVerdict[];

// A single-alert body that is an object but not an alert is that alert refused; one that is not an
// object is not a payload at all.
const oneAlert =
  (parse: (body: unknown) => NormalizedAlert[]): AlertParser =>
  (body) => {
    if (asRecord(body) === undefined) throw new AlertPayloadError('body', 'must be a JSON object');
    return judgeEach([body], (item) => parse(item)[0] as NormalizedAlert);
  };

// The body itself must be one object; a mapping's result may also be an array (judgeMappedResult).
const oneAlertObject =
  (parse: AlertParser): AlertParser =>
  (body) => {
    if (asRecord(body) === undefined) throw new AlertPayloadError('body', 'must be a JSON object');
    return parse(body);
  };

/** A generic_json template's result as verdicts, label values bounded like every platform's. */
export const judgeMappedAlerts: AlertParser = (result) => boundedLabels(judgeMappedResult)(result);

// Every accepted alert's label values are bounded here, whatever the platform (MAX_LABEL_VALUE_LENGTH).
const boundedLabels =
  (parse: AlertParser): AlertParser =>
  (body) =>
    parse(body).map((verdict) =>
      'alert' in verdict ? { ...verdict, alert: { ...verdict.alert, labels: boundLabels(verdict.alert.labels) } } : verdict,
    );

export const ALERT_PARSERS: Readonly<Record<Platform, AlertParser>> = {
  infra_monitor: boundedLabels(oneAlert(parseInfraMonitor)),
  apm: boundedLabels(oneAlert(parseApm)),
  pager: boundedLabels(parsePager),
  dashboards: boundedLabels(parseDashboards),
  search_logs: boundedLabels(oneAlert(parseSearchLogs)),
  observability: boundedLabels(parseObservability),
  metrics_alerts: boundedLabels(parseMetricsAlerts),
  // Without its integration's template (or once the template has run): Tocsin's own shape, one object per alert.
  generic_json: boundedLabels(oneAlertObject(judgeMappedResult)),
};

/** An alert the payload carried that cannot be ingested: its index in the payload and why. */
export interface RejectedAlert {
  index: number;
  /** Path of the offending or missing field, e.g. `alerts[1].labels.severity`. */
  field: string;
  reason: string;
}

/** A payload judged alert by alert, in payload order. */
export interface JudgedPayload {
  accepted: Array<{ index: number; alert: NormalizedAlert }>;
  rejected: RejectedAlert[];
}

/**
 * Turns a platform's native webhook body into one verdict per alert it carries (at least one):
 * each alert is judged alone, so a payload keeps its valid alerts when another lacks a title (or
 * alert name) or a severity (or priority). Throws AlertPayloadError, naming the field, only when
 * the body as a whole is unusable (not an object, no `alerts` array...).
 */
export function judgeAlertPayload(platform: Platform, body: unknown): JudgedPayload {
  // Routes validate the path segment first; a stray value here is a programming error, not a bad payload.
  if (!isPlatform(platform)) throw new RangeError(`Unknown alert platform: ${String(platform)}`);
  return judgeVerdicts(ALERT_PARSERS[platform](body));
}

/** Verdicts split into the accepted alerts and the refused ones. */
export function judgeVerdicts(verdicts: readonly AlertVerdict[]): JudgedPayload {
  const judged: JudgedPayload = { accepted: [], rejected: [] };
  for (const verdict of verdicts) {
    if ('alert' in verdict) judged.accepted.push(verdict);
    else judged.rejected.push({ index: verdict.index, field: verdict.error.field, reason: verdict.error.reason });
  }
  return judged;
}

/**
 * Every alert of the payload, or AlertPayloadError naming the first field at fault: the strict
 * reading, for callers that need the whole payload valid (setup examples, tests).
 */
export function parseAlertPayload(platform: Platform, body: unknown): NormalizedAlert[] {
  if (!isPlatform(platform)) throw new RangeError(`Unknown alert platform: ${String(platform)}`);
  return ALERT_PARSERS[platform](body).map((verdict) => {
    if ('error' in verdict) throw verdict.error;
    return verdict.alert;
  });
}
