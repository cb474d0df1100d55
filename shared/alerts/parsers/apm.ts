// New Relic-like issue notifications. Accepted:
// - workflow payloads: issueId (or id), state (CREATED/ACTIVATED/ACKNOWLEDGED/CLOSED), title (a
//   string, or an array of strings as `{{json annotations.title}}` renders it), priority,
//   createdAt/updatedAt/closedAt (epoch ms), policyName/conditionName (or the plural list forms
//   alertPolicyNames/alertConditionNames), impactedEntities, issueUrl, violationChartUrl, runbookUrl;
// - legacy alert-channel payloads: incident_id, current_state (open/acknowledged/closed),
//   condition_name, policy_name, severity (CRITICAL/WARNING/INFO), details, incident_url,
//   violation_chart_url, runbook_url, targets[{name, type}], timestamp.
import { z } from 'zod';
import type { NormalizedAlert } from '../../domain/alert.ts';
import {
  asRecord,
  compact,
  compactLinks,
  firstItem,
  finishAlert,
  firstText,
  isResolvedWord,
  parseShape,
  pickSeverity,
  required,
  text,
  toIsoTime,
  zAny,
  zText,
} from './common.ts';
import type { SeverityTable } from './common.ts';

/** Issue priorities map one to one; a legacy WARNING threshold becomes a HIGH issue in New Relic too. */
export const APM_SEVERITY: SeverityTable = {
  critical: 'critical',
  high: 'high',
  warning: 'high',
  medium: 'medium',
  low: 'low',
  info: 'low',
};

const bodySchema = z.looseObject({
  issueId: zText,
  id: zText,
  incident_id: zText,
  state: zText,
  current_state: zText,
  title: zAny,
  priority: zText,
  severity: zText,
  description: zAny,
  details: zText,
  policyName: zAny,
  policy_name: zText,
  alertPolicyNames: zAny,
  conditionName: zAny,
  condition_name: zText,
  alertConditionNames: zAny,
  impactedEntities: zAny,
  targets: zAny,
  accountId: zText,
  workflowName: zText,
  host: zText,
  service: zText,
  issueUrl: zText,
  issuePageUrl: zText,
  incident_url: zText,
  violationChartUrl: zText,
  violation_chart_url: zText,
  runbookUrl: zAny,
  runbook_url: zText,
  createdAt: zAny,
  updatedAt: zAny,
  closedAt: zAny,
  timestamp: zAny,
});

/** A string, or the text items of an array joined (New Relic renders many fields as lists). */
function listText(value: unknown): string | undefined {
  if (!Array.isArray(value)) return text(value);
  const items = value.map(text).filter((item) => item !== undefined);
  return items.length ? [...new Set(items)].join(', ') : undefined;
}

export function parseApm(body: unknown): NormalizedAlert[] {
  const p = parseShape(bodySchema, body);
  const condition = firstText(listText(p.conditionName), p.condition_name, listText(p.alertConditionNames));
  const policy = firstText(listText(p.policyName), p.policy_name, listText(p.alertPolicyNames));
  const title = required(firstText(listText(p.title), condition), 'title', ['conditionName']);
  const severity = required(pickSeverity([p.priority, p.severity], APM_SEVERITY), 'priority');
  const state = p.state ?? p.current_state;
  const status = isResolvedWord(state) ? 'resolved' : 'firing';
  const target = asRecord(Array.isArray(p.targets) ? p.targets[0] : undefined);
  const targetIsHost = /host/i.test(text(target?.type) ?? '');
  const entity = Array.isArray(p.impactedEntities) ? text(p.impactedEntities[0]) : undefined;
  const labels = compact({ policy, condition, state, account_id: p.accountId, workflow: p.workflowName });
  const created = toIsoTime(p.createdAt) ?? toIsoTime(p.timestamp);
  return [
    finishAlert('apm', {
      externalId: p.issueId ?? p.id ?? p.incident_id ?? null,
      title,
      description: firstText(listText(p.description), p.details) ?? null,
      severity,
      status,
      host: firstText(p.host, targetIsHost ? target?.name : undefined) ?? null,
      service: firstText(p.service, entity, targetIsHost ? undefined : target?.name) ?? null,
      labels,
      links: compactLinks({
        runbook_url: firstText(firstItem(p.runbookUrl), p.runbook_url),
        snapshot_url: p.violationChartUrl ?? p.violation_chart_url,
        source_url: p.issueUrl ?? p.issuePageUrl ?? p.incident_url,
      }),
      occurredAt: status === 'resolved' ? (toIsoTime(p.closedAt) ?? toIsoTime(p.updatedAt) ?? created) : created,
      raw: body,
    }),
  ];
}
