import type { RelayBatch } from '../../shared/db/access/relay-batch.ts';
import { SEVERITIES } from '../../shared/domain/alert.ts';
import { readSettings } from '../../shared/domain/organization-settings.ts';
import { hasPermission, isRole, permissionsForRole, type Permission } from '../../shared/domain/permissions.ts';

import type { OutboxEvent } from './outbox-event.ts';

export interface NotificationDraft {
  eventId: string;
  organizationId: string;
  userId: string;
  type: 'incident.assigned' | 'incident.created' | 'incident.resolved' | 'execution.waiting';
  title: string;
  body: string | null;
  data: Record<string, unknown>;
  incidentId: string | null;
  executionId: string | null;
  /** Also mailed to the user: an incident notification in an organization with `notifications.email`. */
  email: boolean;
}

export interface Member {
  id: string;
  role: string;
}

/** What the rules read besides the events, gathered once for a whole batch. */
export interface NotificationContext {
  /** Per organization whose events need it: its `notifications` settings and its members. */
  organizations: Map<string, { minSeverity: string; email: boolean; notifyOnResolve: boolean; members: Member[] }>;
  /** Per `incident.updated` event that may assign someone: the assignee of the incident's previous event. */
  previousAssignee: Map<string, string | null>;
  /** Incidents an escalation policy pages (routed to one in this batch, or given one before): no broadcast. */
  pagedByPolicy: ReadonlySet<string>;
}

/** The batch's reads the rules need. */
export type NotificationReads = Pick<RelayBatch, 'organizationsWithMembers' | 'previousAssignees' | 'notifiedExecutionWaits'>;

type ExecutionSnapshot = { id?: string; procedure_name?: string; started_by?: string | null; steps?: Array<Record<string, unknown>> };

const severityRank = (severity: unknown) => {
  const index = SEVERITIES.indexOf(severity as (typeof SEVERITIES)[number]);
  return index < 0 ? SEVERITIES.length : index;
};

const incidentOf = (event: OutboxEvent) => (event.data.incident ?? null) as Record<string, unknown> | null;
const assigneeOf = (incident: Record<string, unknown>) => (typeof incident.assignee_id === 'string' ? incident.assignee_id : null);
const actorOf = (event: OutboxEvent) => (typeof event.data.actor_id === 'string' ? event.data.actor_id : null);

function waitingStep(event: OutboxEvent) {
  if (event.type !== 'execution.updated') return null;
  const execution = (event.data.execution ?? null) as ExecutionSnapshot | null;
  const step = execution?.steps?.find(
    (candidate) => candidate.status === 'waiting' && (candidate.type === 'manual' || candidate.type === 'approval'),
  );
  return execution?.id && step ? { execution: execution as ExecutionSnapshot & { id: string }, step } : null;
}

const membersWith = (members: Member[], permission: Permission) =>
  members.filter((user) => isRole(user.role) && hasPermission(permissionsForRole(user.role), permission));

/**
 * Which reads a batch needs: the organizations whose settings or members the rules consult, and
 * the `incident.updated` events that set an assignee someone else may have set before (only
 * these are compared with the incident's previous event).
 */
export function notificationReads(events: OutboxEvent[]): { organizationIds: string[]; previousAssigneeOf: string[] } {
  const organizationIds = new Set<string>();
  const previousAssigneeOf: string[] = [];
  for (const event of events) {
    const incident = incidentOf(event);
    if (incident && (event.type === 'incident.created' || event.type === 'incident.resolved')) organizationIds.add(event.organization_id);
    if (waitingStep(event)) organizationIds.add(event.organization_id);
    if (incident && event.type === 'incident.updated') {
      const assignee = assigneeOf(incident);
      // The organization too: whether an assignment is also mailed is its `notifications.email`.
      if (assignee && assignee !== actorOf(event)) {
        previousAssigneeOf.push(event.id);
        organizationIds.add(event.organization_id);
      }
    }
  }
  return { organizationIds: [...organizationIds], previousAssigneeOf };
}

/** The batch's reads: at most two queries, whatever the number of events. */
export async function loadNotificationContext(
  batch: NotificationReads,
  events: OutboxEvent[],
  pagedByPolicy: ReadonlySet<string>,
): Promise<NotificationContext> {
  const reads = notificationReads(events);
  const context: NotificationContext = { organizations: new Map(), previousAssignee: new Map(), pagedByPolicy };
  if (reads.organizationIds.length > 0) {
    for (const row of await batch.organizationsWithMembers(reads.organizationIds)) {
      const { min_severity: minSeverity, email, notify_on_resolve: notifyOnResolve } = readSettings(row.settings).notifications;
      context.organizations.set(row.id, { minSeverity, email, notifyOnResolve, members: row.members });
    }
  }
  if (reads.previousAssigneeOf.length > 0) {
    // The assignee in the snapshot of each incident's previous event, to tell a new assignment from a repeat.
    for (const row of await batch.previousAssignees(reads.previousAssigneeOf)) context.previousAssignee.set(row.id, row.assignee);
  }
  return context;
}

/**
 * Who is told about an event, as the outbox relay sees it:
 * - `incident.assigned`: the new assignee, when an incident is created with one or an update
 *   changes it (compared with the incident's previous event), unless they assigned themselves;
 * - `incident.created`: every member who may read incidents, when the new incident is at or above
 *   the organization's `notifications.min_severity` setting (default `high`) and no escalation
 *   policy pages it (then its pages tell the people on call, by their own notification rules);
 * - `incident.resolved`: the same members for the same incidents, when the organization's
 *   `notifications.notify_on_resolve` is on (default);
 * - `execution.waiting`: for a step waiting on a person, an approval step notifies everyone holding
 *   `executions:update`, a manual step the member who started the execution (else the same group).
 *   Those already told about that step are left out afterwards (see `unseenExecutionWaits`).
 * Incident notifications are also mailed when the organization's `notifications.email` is on.
 */
export function planEventNotifications(event: OutboxEvent, context: NotificationContext): NotificationDraft[] {
  const drafts: NotificationDraft[] = [];
  const base = { eventId: event.id, organizationId: event.organization_id, incidentId: event.incident_id };
  const organization = context.organizations.get(event.organization_id);
  const incident = incidentOf(event);
  const email = organization?.email === true;
  // Members hear of an incident nobody is paged for (the contract: an organization without policies keeps this).
  const broadcast =
    incident !== null &&
    organization !== undefined &&
    severityRank(incident.severity) <= severityRank(organization.minSeverity) &&
    !(event.incident_id !== null && context.pagedByPolicy.has(event.incident_id));
  if (incident && (event.type === 'incident.created' || event.type === 'incident.updated')) {
    const assignee = assigneeOf(incident);
    const before = event.type === 'incident.created' ? null : (context.previousAssignee.get(event.id) ?? null);
    if (assignee && assignee !== before && assignee !== actorOf(event)) {
      drafts.push({
        ...base,
        userId: assignee,
        type: 'incident.assigned',
        title: `You were assigned: ${String(incident.title ?? '')}`.slice(0, 500),
        body: `Severity ${String(incident.severity)}, status ${String(incident.status)}`,
        data: { incident },
        executionId: null,
        email,
      });
    }
  }
  if (incident && event.type === 'incident.created' && organization && broadcast) {
    for (const member of membersWith(organization.members, 'incidents:read')) {
      drafts.push({
        ...base,
        userId: member.id,
        type: 'incident.created',
        title: `New ${String(incident.severity)} incident: ${String(incident.title ?? '')}`.slice(0, 500),
        body: null,
        data: { incident },
        executionId: null,
        email,
      });
    }
  }
  if (incident && event.type === 'incident.resolved' && organization?.notifyOnResolve && broadcast) {
    for (const member of membersWith(organization.members, 'incidents:read')) {
      drafts.push({
        ...base,
        userId: member.id,
        type: 'incident.resolved',
        title: `Resolved ${String(incident.severity)} incident: ${String(incident.title ?? '')}`.slice(0, 500),
        body: null,
        data: { incident },
        executionId: null,
        email,
      });
    }
  }
  const waiting = waitingStep(event);
  if (waiting) {
    const { execution, step } = waiting;
    const updaters = membersWith(organization?.members ?? [], 'executions:update');
    const starter = execution.started_by
      ? (updaters.find((member) => member.id === execution.started_by) ?? { id: execution.started_by, role: '' })
      : null;
    const recipients = step.type === 'manual' && starter ? [starter] : updaters;
    for (const member of recipients) {
      drafts.push({
        ...base,
        userId: member.id,
        type: 'execution.waiting',
        title: `Runbook "${String(execution.procedure_name ?? '')}" waits for you: ${String(step.name ?? '')}`.slice(0, 500),
        body: step.type === 'approval' ? 'An approval is needed to continue.' : 'A manual step is waiting to be completed.',
        data: { step_id: step.step_id, step_name: step.name, step_type: step.type, execution_id: execution.id },
        executionId: execution.id,
        email: false,
      });
    }
  }
  return drafts;
}

const waitKey = (userId: string, executionId: string, stepId: string) => `${userId}:${executionId}:${stepId}`;

/**
 * Drops `execution.waiting` drafts for a (user, execution, step) already notified, before this
 * batch (`seen`) or by an earlier event of it: an execution is updated several times while one
 * step waits, and each update would otherwise notify again.
 */
export function unseenExecutionWaits(drafts: NotificationDraft[], seen: ReadonlySet<string>): NotificationDraft[] {
  const told = new Set(seen);
  return drafts.filter((draft) => {
    if (draft.type !== 'execution.waiting' || !draft.executionId) return true;
    const key = waitKey(draft.userId, draft.executionId, String(draft.data.step_id));
    if (told.has(key)) return false;
    told.add(key);
    return true;
  });
}

/** The notifications a batch of events causes, in event order, with a constant number of queries; `pagedByPolicy`: routing.ts. */
export async function planNotifications(
  batch: NotificationReads,
  events: OutboxEvent[],
  pagedByPolicy: ReadonlySet<string>,
): Promise<NotificationDraft[]> {
  const context = await loadNotificationContext(batch, events, pagedByPolicy);
  const drafts = events.flatMap((event) => planEventNotifications(event, context));
  const waits = drafts.filter((draft) => draft.type === 'execution.waiting' && draft.executionId);
  if (waits.length === 0) return drafts;
  const rows = await batch.notifiedExecutionWaits(
    waits.map((draft) => ({ user_id: draft.userId, execution_id: draft.executionId, step_id: String(draft.data.step_id) })),
  );
  return unseenExecutionWaits(drafts, new Set(rows.map((row) => waitKey(row.user_id, row.execution_id, row.step_id))));
}
