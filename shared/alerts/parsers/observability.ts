// SigNoz notification channels post the Alertmanager webhook v4 body (SigNoz runs an Alertmanager
// fork): `alerts[]` with labels (alertname, severity, ruleId, ...) and annotations (summary,
// description, related_logs, related_traces).
import type { AlertVerdict } from './common.ts';
import { parseAlertmanagerBody } from './metrics_alerts.ts';

/**
 * Same reading as metrics_alerts (severity label required, same table), except that
 * - the title is the rule name (`alertname`): SigNoz's default summary is a threshold sentence;
 * - the contract's metrics-only dedup rule does not apply: the key is the alert fingerprint, else
 *   title|source|host.
 */
export function parseObservability(body: unknown): AlertVerdict[] {
  return parseAlertmanagerBody('observability', body, { dedup: 'external-id', titleFrom: 'alertname' });
}
