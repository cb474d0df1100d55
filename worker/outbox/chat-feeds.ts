import type { FeedIncident, FeedUpdate } from '../../shared/paging/chat-feed.ts';
import type { OutboxEvent } from './outbox-event.ts';
import { STATUS_UPDATE_LABELS, type StatusUpdateKind } from '../../shared/domain/status-page.ts';
import { STATUS_UPDATE_POSTED } from './status-updates.ts';

const STATUS_WORDS: Record<string, string> = {
  investigating: 'Acknowledged (investigating)',
  identified: 'Cause identified',
  monitoring: 'Fix deployed, monitoring',
  resolved: 'Resolved',
  active: 'Reopened',
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * What an incident's feed says for each event of a batch: opened, each status change, each
 * escalation level paged, each status update, each chat message (the assistant's and members' alike). Other events
 * (`incident.resolved` repeats a status change, alerts, executions) say nothing.
 */
export function feedUpdatesOf(events: readonly OutboxEvent[]): Array<{ organizationId: string; incidentId: string; update: FeedUpdate }> {
  const updates: Array<{ organizationId: string; incidentId: string; update: FeedUpdate }> = [];
  const lastSnapshot = new Map<string, FeedIncident>();
  for (const event of events) {
    if (!event.incident_id) continue;
    const snapshot = (event.data.incident ?? {}) as Record<string, unknown>;
    const known = lastSnapshot.get(event.incident_id);
    const incident: FeedIncident = snapshot.id
      ? { id: event.incident_id, title: text(snapshot.title), severity: text(snapshot.severity), status: text(snapshot.status) }
      : (known ?? { id: event.incident_id, title: '', severity: '', status: '' });
    if (snapshot.id) lastSnapshot.set(event.incident_id, incident);
    const say = (kind: FeedUpdate['kind'], line: string) =>
      updates.push({
        organizationId: event.organization_id,
        incidentId: event.incident_id as string,
        update: { eventId: event.id, kind, text: line, incident },
      });
    if (event.type === 'incident.created') say('opened', `Incident opened: ${incident.title}`);
    else if (event.type === 'incident.status_changed')
      say(
        'status',
        `${STATUS_WORDS[incident.status] ?? `Status: ${incident.status}`} (was ${text(event.data.previous_status) || 'unknown'})`,
      );
    else if (event.type === 'escalation.updated') {
      const escalation = (event.data.escalation ?? {}) as { level?: unknown; round?: unknown; sent?: unknown; failed?: unknown };
      if (typeof escalation.level !== 'number') continue;
      say(
        'escalated',
        `Escalation level ${escalation.level} paged (round ${String(escalation.round ?? 1)}): ${String(escalation.sent ?? 0)} sent, ${String(escalation.failed ?? 0)} failed`,
      );
    } else if (event.type === STATUS_UPDATE_POSTED) {
      const update = (event.data.status_update ?? {}) as { kind?: unknown; body?: unknown; visibility?: unknown };
      const label = STATUS_UPDATE_LABELS[update.kind as StatusUpdateKind];
      if (!label) continue;
      say('status_update', `${label} (${update.visibility === 'public' ? 'public' : 'internal'} update): ${text(update.body)}`);
    } else if (event.type === 'chat.message') {
      const message = (event.data.message ?? {}) as { body?: unknown; author_kind?: unknown };
      if (event.data.state !== undefined && event.data.state !== 'done') continue;
      say('message', `${message.author_kind === 'assistant' ? 'Assistant' : 'Chat'}: ${text(message.body)}`);
    }
  }
  return updates;
}
