// Alertmanager webhook v4 (Alertmanager 0.20+). The same body shape is sent by SigNoz and by
// Grafana's unified alerting, so their parsers reuse parseAlertmanagerBody.
import { z } from 'zod';
import type { AlertStatus, Platform, Severity } from '../../domain/alert.ts';
import { metricsDedupKey } from '../fingerprint.ts';
import {
  compactLinks,
  finishAlert,
  firstText,
  hostFromInstance,
  isResolvedWord,
  judgeEach,
  parseShape,
  pickSeverity,
  required,
  toIsoTime,
  zAny,
  zMap,
  zText,
} from './common.ts';
import type { AlertVerdict, SeverityTable } from './common.ts';

/** The spec's table for `labels.severity`; other spellings fall through to the vendor table. */
export const METRICS_SEVERITY: SeverityTable = {
  critical: 'critical',
  page: 'critical',
  warning: 'high',
  ticket: 'medium',
  info: 'low',
};

const alertSchema = z.looseObject({
  status: zText,
  labels: zMap,
  annotations: zMap,
  fingerprint: zText,
  startsAt: zAny,
  endsAt: zAny,
  generatorURL: zText,
  dashboardURL: zText,
  panelURL: zText,
  imageURL: zText,
});

// Each element is read on its own (judgeEach): one that is not an object is refused alone.
const bodySchema = z.looseObject({
  status: zText,
  alerts: z.array(z.unknown()).min(1),
});

export interface AlertmanagerOptions {
  /** `metrics` applies the metrics platform's dedup rule (fingerprint, else alertname|instance|job). */
  dedup: 'metrics' | 'external-id';
  /** Used when an alert has no severity label; without it the label is required. */
  defaultSeverity?: Severity;
  /** Which of `annotations.summary` and `labels.alertname` titles the alert when both exist. */
  titleFrom?: 'summary' | 'alertname';
}

/** One verdict per entry of `alerts`, in payload order; a body without `alerts` throws. */
export function parseAlertmanagerBody(platform: Platform, body: unknown, options: AlertmanagerOptions): AlertVerdict[] {
  const payload = parseShape(bodySchema, body);
  return judgeEach(payload.alerts, (rawAlert, index) => {
    const at = `alerts[${index}]`;
    const alert = parseShape(alertSchema, rawAlert, at);
    const { labels, annotations } = alert;
    const names = options.titleFrom === 'alertname' ? [labels.alertname, annotations.summary] : [annotations.summary, labels.alertname];
    const title = required(firstText(...names), `${at}.labels.alertname`, [`${at}.annotations.summary`]);
    const severity = required(
      pickSeverity([labels.severity, labels.priority], METRICS_SEVERITY) ?? options.defaultSeverity,
      `${at}.labels.severity`,
    );
    const status: AlertStatus = isResolvedWord(alert.status ?? payload.status) ? 'resolved' : 'firing';
    const host = hostFromInstance(labels.instance) ?? firstText(labels.host, labels.hostname, labels.node) ?? null;
    const started = toIsoTime(alert.startsAt);
    const draft = {
      externalId: alert.fingerprint ?? null,
      title,
      description: firstText(annotations.description, annotations.message) ?? null,
      severity,
      status,
      host,
      service: firstText(labels.service, labels.service_name, labels.deployment, labels.job) ?? null,
      labels: withWellKnownLabels(labels),
      links: compactLinks({
        runbook_url: firstText(annotations.runbook_url, annotations.runbook),
        dashboard_url: firstText(annotations.dashboard_url, alert.dashboardURL, alert.panelURL),
        snapshot_url: alert.imageURL,
        source_url: alert.generatorURL,
      }),
      occurredAt: status === 'resolved' ? (toIsoTime(alert.endsAt) ?? started) : started,
      raw: rawAlert,
    };
    const dedupKey =
      options.dedup === 'metrics'
        ? metricsDedupKey({ fingerprint: alert.fingerprint, alertname: labels.alertname, instance: labels.instance, job: labels.job })
        : undefined;
    return finishAlert(platform, { ...draft, dedupKey });
  });
}

/**
 * All labels as sent, plus the spec's well-known ones under one name each, so incidents can be
 * filtered alike whatever the exporter called them: `environment` (from `env`), `region` and
 * `account` (from `<cloud>_region`, `<cloud>_account`), and `cloud` (that prefix).
 */
export function withWellKnownLabels(labels: Record<string, string>): Record<string, string> {
  const result = { ...labels };
  if (result.environment === undefined && labels.env !== undefined) result.environment = labels.env;
  for (const [key, value] of Object.entries(labels)) {
    const cloudScoped = /^([a-z0-9]+)_(region|account)(?:_id)?$/.exec(key);
    if (!cloudScoped) continue;
    const [, cloud, kind] = cloudScoped;
    result[kind] ??= value;
    result.cloud ??= cloud;
  }
  return result;
}

/** The `metrics_alerts` platform: its severity label is required, as the spec asks of every alert. */
export function parseMetricsAlerts(body: unknown): AlertVerdict[] {
  return parseAlertmanagerBody('metrics_alerts', body, { dedup: 'metrics' });
}
