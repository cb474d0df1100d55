// PagerDuty-like incident webhooks. Accepted:
// - v2 bodies: `messages[]`, each `{event: 'incident.triggered' | 'incident.acknowledged' |
//   'incident.resolved' | ..., created_on, incident: {id, incident_number, title, status, urgency,
//   priority: {summary}, html_url, service: {id, name}}}`; one alert per message;
// - a single such message as the whole body;
// - v3 bodies: `{event: {event_type, occurred_at, data: {id, number, title, status, urgency,
//   priority, html_url, service: {id, summary}}}}`.
import { z } from 'zod';
import type { NormalizedAlert } from '../../domain/alert.ts';
import {
  asRecord,
  compact,
  compactLinks,
  finishAlert,
  firstText,
  judgeEach,
  parseShape,
  pickSeverity,
  required,
  toIsoTime,
  zAny,
  zText,
} from './common.ts';
import type { AlertVerdict, SeverityTable } from './common.ts';

/** The spec's urgency table; priorities (P1..P5) fall through to the vendor table. */
export const PAGER_SEVERITY: SeverityTable = {
  critical: 'critical',
  high: 'high',
  low: 'low',
};

const incidentSchema = z.looseObject({
  id: zText,
  incident_number: zText,
  number: zText,
  title: zText,
  summary: zText,
  description: zText,
  status: zText,
  urgency: zText,
  incident_key: zText,
  html_url: zText,
  created_at: zAny,
  priority: zAny,
  service: zAny,
});
type Incident = z.output<typeof incidentSchema>;

const messageSchema = z.looseObject({ event: zText, created_on: zAny, incident: incidentSchema });
// Each message is read on its own (judgeEach): one that is not an object is refused alone.
const v2Schema = z.looseObject({ messages: z.array(z.unknown()).min(1) });
const v3Schema = z.looseObject({
  event: z.looseObject({ event_type: zText, occurred_at: zAny, data: incidentSchema }),
});

/** One verdict per message (v2), or the one alert of a v3 or single-message body (which throws when malformed). */
export function parsePager(body: unknown): AlertVerdict[] {
  const record = asRecord(body);
  if (asRecord(record?.event)) {
    const { event } = parseShape(v3Schema, body);
    return [{ index: 0, alert: toAlert(event.data, event.event_type, event.occurred_at, 'event.data', body) }];
  }
  if (typeof record?.event === 'string' && record.messages === undefined) {
    const message = parseShape(messageSchema, body);
    return [{ index: 0, alert: toAlert(message.incident, message.event, message.created_on, 'incident', body) }];
  }
  const { messages } = parseShape(v2Schema, body);
  return judgeEach(messages, (raw, index) => {
    const message = parseShape(messageSchema, raw, `messages[${index}]`);
    return toAlert(message.incident, message.event, message.created_on, `messages[${index}].incident`, raw);
  });
}

function toAlert(incident: Incident, event: string | undefined, eventTime: unknown, at: string, raw: unknown): NormalizedAlert {
  const title = required(firstText(incident.title, incident.summary), `${at}.title`);
  const priority = asRecord(incident.priority);
  const priorityName = firstText(priority?.summary, priority?.name, incident.priority);
  const severity = required(pickSeverity([priorityName, incident.urgency], PAGER_SEVERITY), `${at}.urgency`, [`${at}.priority`]);
  const resolved = incident.status?.toLowerCase() === 'resolved' || /\.resolved?$/i.test(event ?? '');
  const service = asRecord(incident.service);
  return finishAlert('pager', {
    externalId: incident.id ?? null,
    title,
    description: incident.description && incident.description !== title ? incident.description : null,
    severity,
    status: resolved ? 'resolved' : 'firing',
    host: null,
    service: firstText(service?.name, service?.summary) ?? null,
    labels: compact({
      event,
      incident_number: incident.incident_number ?? incident.number,
      incident_key: incident.incident_key,
      status: incident.status,
      urgency: incident.urgency,
      priority: priorityName,
      service_id: firstText(service?.id),
    }),
    links: compactLinks({ source_url: incident.html_url }),
    occurredAt: toIsoTime(eventTime) ?? toIsoTime(incident.created_at),
    raw,
  });
}
