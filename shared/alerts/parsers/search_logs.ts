// Elasticsearch-based log platforms. Their webhook bodies are templates the user writes (Mustache),
// so this parser is liberal and reads any of these shapes:
// - Kibana alerting, webhook connector: `{rule: {id, name, tags, url, severity?}, alert: {id, uuid,
//   actionGroup, actionGroupName}, context: {message, reason, title, severity?, rule: {severity}
//   (security rules), alertDetailsUrl, viewInAppUrl, serviceName, host}, date, severity?}`;
//   `alert.actionGroup: recovered` resolves;
// - Watcher webhook action: `{watch_id, execution_time, trigger: {triggered_time}, metadata: {name,
//   severity, ...}, payload, severity?, message?}`;
// - flat: `{id, title | name, severity | priority, message | description, status | state, host,
//   service, tags, labels, url, timestamp | @timestamp}`.
// The spec's minimum applies: a severity must be somewhere (top level, rule, alert, context or
// watch metadata); Kibana has none of its own outside security rules, so templates must add one.
import { z } from 'zod';
import type { NormalizedAlert } from '../../domain/alert.ts';
import {
  asRecord,
  compact,
  compactLinks,
  finishAlert,
  firstText,
  isResolvedWord,
  parseShape,
  parseTags,
  pickSeverity,
  required,
  stringMap,
  toIsoTime,
} from './common.ts';

const bodySchema = z.looseObject({});

export function parseSearchLogs(body: unknown): NormalizedAlert[] {
  const b = parseShape(bodySchema, body);
  const rule = asRecord(b.rule) ?? {};
  const alert = asRecord(b.alert) ?? {};
  const context = asRecord(b.context) ?? {};
  const metadata = asRecord(b.metadata) ?? {};
  const trigger = asRecord(b.trigger) ?? {};

  const title = required(firstText(b.title, b.name, rule.name, metadata.name, b.alert_name, b.watch_id, context.title), 'title', [
    'name',
    'rule.name',
    'watch_id',
  ]);
  const severity = required(
    pickSeverity([
      firstText(b.severity),
      firstText(b.priority),
      firstText(rule.severity),
      firstText(alert.severity),
      firstText(context.severity),
      firstText(asRecord(context.rule)?.severity),
      firstText(metadata.severity),
      firstText(metadata.priority),
      firstText(b.level),
    ]),
    'severity',
    ['priority', 'rule.severity', 'metadata.severity'],
  );
  const resolved = [b.status, b.state, metadata.status, alert.actionGroup, alert.actionGroupName].some((value) =>
    isResolvedWord(firstText(value)),
  );
  const ruleId = firstText(rule.id);
  const alertId = firstText(alert.id);
  // alert.uuid survives from activation to recovery in Kibana, so it pairs a recovery with its firing.
  const externalId = firstText(alert.uuid, b.watch_id, b.id, b.alert_id) ?? (ruleId && alertId ? `${ruleId}/${alertId}` : ruleId);
  const labels = {
    ...parseTags(b.tags ?? rule.tags),
    ...stringMap(b.labels),
    ...compact({
      rule_id: ruleId,
      rule_type: firstText(rule.type, rule.ruleTypeId),
      action_group: firstText(alert.actionGroup),
      space_id: firstText(rule.spaceId),
      watch_id: firstText(b.watch_id),
    }),
  };
  return [
    finishAlert('search_logs', {
      externalId: externalId ?? null,
      title,
      description: firstText(b.message, b.description, context.message, context.reason, metadata.description) ?? null,
      severity,
      status: resolved ? 'resolved' : 'firing',
      host: firstText(b.host, b.hostname, context.host, context.hostName, labels.host) ?? null,
      service: firstText(b.service, context.serviceName, context.service, labels.service) ?? null,
      labels,
      links: compactLinks({
        runbook_url: firstText(b.runbook_url, metadata.runbook_url),
        dashboard_url: firstText(b.dashboard_url, context.viewInAppUrl),
        source_url: firstText(b.url, b.link, rule.url, context.alertDetailsUrl, context.link),
      }),
      occurredAt:
        [b.date, b.timestamp, b['@timestamp'], b.execution_time, trigger.triggered_time, context.date]
          .map(toIsoTime)
          .find((time) => time !== null) ?? null,
      raw: body,
    }),
  ];
}
