// Pure: no I/O, so parsers are table-tested without any server.
import { isPlatform } from '../../domain/alert.ts';
import type { NormalizedAlert, Platform } from '../../domain/alert.ts';
import { parseApm } from './apm.ts';
import { parseDashboards } from './dashboards.ts';
import { parseInfraMonitor } from './infra_monitor.ts';
import { parseMetricsAlerts } from './metrics_alerts.ts';
import { parseObservability } from './observability.ts';
import { parsePager } from './pager.ts';
import { parseSearchLogs } from './search_logs.ts';

export type AlertParser = (body: unknown) => NormalizedAlert[];

export const ALERT_PARSERS: Readonly<Record<Platform, AlertParser>> = {
  infra_monitor: parseInfraMonitor,
  apm: parseApm,
  pager: parsePager,
  dashboards: parseDashboards,
  search_logs: parseSearchLogs,
  observability: parseObservability,
  metrics_alerts: parseMetricsAlerts,
};

/**
 * Turns a platform's native webhook body into one alert per alert it carries (at least one), in
 * payload order. Throws AlertPayloadError, naming the field, when the body is not an object or an
 * alert lacks a title (or alert name) or a severity (or priority).
 */
export function parseAlertPayload(platform: Platform, body: unknown): NormalizedAlert[] {
  // Routes validate the path segment first; a stray value here is a programming error, not a bad payload.
  if (!isPlatform(platform)) throw new RangeError(`Unknown alert platform: ${String(platform)}`);
  return ALERT_PARSERS[platform](body);
}
