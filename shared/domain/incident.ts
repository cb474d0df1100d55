import { SEVERITIES, type Severity } from './alert.ts';

export const INCIDENT_STATUSES = ['active', 'investigating', 'mitigated', 'resolved'] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];
export { SEVERITIES, type Severity };

/** The link a page, a mail or a chat post gives to an incident in the console. */
export const incidentUrl = (publicUrl: string, incidentId: string) => `${publicUrl}/incidents/${encodeURIComponent(incidentId)}`;

export const TIMELINE_TYPES = [
  'created',
  'alert',
  'status_changed',
  'severity_changed',
  'assignee_changed',
  'description_changed',
  'title_changed',
  'resolved_by_alert',
  'note',
  'execution',
  'chat_message',
  'alert_silenced',
  'page',
  'routed',
  'reassigned',
  /** A change event (Events API v2 `/v2/change/enqueue`) of the incident's integration: context, not a change of the incident. */
  'change_event',
  'snoozed',
  'ack_timeout',
  'snooze_ended',
  'alert_inhibited',
  'alert_resolved',
  'flapping',
  'alert_ungrouped',
  /** Responders asked to help, or one answering (accepted, declined). */
  'responder',
  'priority_changed',
  /** An incident role (commander, communications lead, scribe, custom) assigned or unassigned. */
  'role',
  /** A status update (investigating, identified, monitoring, resolved), internal or public. */
  'status_update',
  /** A postmortem drafted, or its status changed (in review, published). */
  'postmortem',
  /** Incidents merged into this one, or this one into another; and undone (unmerged). */
  'merged',
  'unmerged',
  /** A link to a related incident added or removed. */
  'link',
] as const;
export type TimelineType = (typeof TIMELINE_TYPES)[number];

/** Lower index = more severe. */
export function isMoreSevere(candidate: Severity, than: Severity): boolean {
  return SEVERITIES.indexOf(candidate) < SEVERITIES.indexOf(than);
}
