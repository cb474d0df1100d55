// Grafana-like alerting, in both webhook generations:
// - unified alerting (Grafana 8+): the Alertmanager v4 body (`alerts[]` with status, labels,
//   annotations, fingerprint, dashboardURL, panelURL, imageURL) plus top-level title, state, message;
// - legacy dashboard alerts: one rule per body with `state`, ruleId, ruleName, title, message,
//   ruleUrl, imageUrl, evalMatches[{metric, value, tags}] and a `tags` map.
import { z } from 'zod';
import type { AlertStatus, NormalizedAlert, Severity } from '../../domain/alert.ts';
import {
  asRecord,
  compactLinks,
  finishAlert,
  firstText,
  hostFromInstance,
  lookup,
  parseShape,
  parseTags,
  pickSeverity,
  required,
  stringMap,
  UNRECOGNISED_SEVERITY,
  zAny,
  zText,
} from './common.ts';
import type { AlertVerdict } from './common.ts';
import { METRICS_SEVERITY, parseAlertmanagerBody } from './metrics_alerts.ts';

/**
 * Legacy states. The spec fixes `alerting` → high and `ok` → resolved; a recovered rule keeps the
 * severity it fired with. no_data and pending are early warnings, so they rank lower.
 */
const LEGACY_STATES: Readonly<Record<string, { status: AlertStatus; severity: Severity }>> = {
  alerting: { status: 'firing', severity: 'high' },
  no_data: { status: 'firing', severity: 'medium' },
  pending: { status: 'firing', severity: 'low' },
  ok: { status: 'resolved', severity: 'high' },
};

const legacySchema = z.looseObject({
  state: zText,
  ruleId: zText,
  ruleName: zText,
  title: zText,
  message: zText,
  ruleUrl: zText,
  imageUrl: zText,
  evalMatches: zAny,
  tags: zAny,
});

/** Unified alerting: severity from `labels.severity` (metrics table), else high. */
export function parseDashboards(body: unknown): AlertVerdict[] {
  if (Array.isArray(asRecord(body)?.alerts)) {
    return parseAlertmanagerBody('dashboards', body, { dedup: 'external-id', defaultSeverity: 'high' });
  }
  return [{ index: 0, alert: parseLegacy(body) }];
}

function parseLegacy(body: unknown): NormalizedAlert {
  const payload = parseShape(legacySchema, body);
  const title = required(firstText(payload.ruleName, payload.title), 'ruleName', ['title']);
  const stateName = required(payload.state, 'state').toLowerCase();
  const state = lookup(LEGACY_STATES, stateName) ?? { status: 'firing', severity: UNRECOGNISED_SEVERITY };
  const labels = Array.isArray(payload.tags) ? parseTags(payload.tags) : stringMap(payload.tags);
  // A `severity` tag on the rule is more specific than the state.
  const severity = (labels.severity && pickSeverity([labels.severity], METRICS_SEVERITY)) || state.severity;
  const firstMatch = Array.isArray(payload.evalMatches) ? stringMap(asRecord(payload.evalMatches[0])?.tags) : {};
  return finishAlert('dashboards', {
    externalId: payload.ruleId ?? null,
    title,
    description: payload.message ?? null,
    severity,
    status: state.status,
    host: hostFromInstance(firstMatch.instance) ?? firstText(firstMatch.host, labels.host) ?? null,
    service: firstText(labels.service, firstMatch.service) ?? null,
    labels,
    links: compactLinks({
      runbook_url: labels.runbook_url,
      dashboard_url: payload.ruleUrl,
      snapshot_url: payload.imageUrl,
      source_url: payload.ruleUrl,
    }),
    occurredAt: null,
    raw: body,
  });
}
