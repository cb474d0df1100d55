import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { SEVERITIES } from '../shared/domain/alert.ts';
import { readSettings } from '../shared/domain/organization-settings.ts';
import { hasPermission, isRole, permissionsForRole, type Permission } from '../shared/domain/permissions.ts';

/** A domain event as the outbox relay reads it. */
export interface OutboxEvent {
  id: string;
  organization_id: string;
  type: string;
  incident_id: string | null;
  data: Record<string, unknown>;
  created_at: Date;
}

export interface NotificationDraft {
  userId: string;
  type: 'incident.assigned' | 'incident.created' | 'execution.waiting';
  title: string;
  body: string | null;
  data: Record<string, unknown>;
  incidentId: string | null;
  executionId: string | null;
}

interface Member {
  id: string;
  role: string;
}

const severityRank = (severity: unknown) => {
  const index = SEVERITIES.indexOf(severity as (typeof SEVERITIES)[number]);
  return index < 0 ? SEVERITIES.length : index;
};

async function members(em: SqlEntityManager, organizationId: string, permission: Permission): Promise<Member[]> {
  const rows = await em.execute<Member[]>('select id, role from users where organization_id = ?', [organizationId]);
  return rows.filter((user) => isRole(user.role) && hasPermission(permissionsForRole(user.role), permission));
}

/** The assignee in the snapshot of the incident's previous event, to tell a new assignment from a repeat. */
async function previousAssignee(em: SqlEntityManager, event: OutboxEvent): Promise<string | null> {
  const rows = await em.execute<Array<{ assignee: string | null }>>(
    `select data->'incident'->>'assignee_id' as assignee from domain_events
     where incident_id = ? and id < ? and organization_id = ? order by id desc limit 1`,
    [event.incident_id, event.id, event.organization_id],
  );
  return rows[0]?.assignee ?? null;
}

/**
 * Who is told about an event, as the outbox relay sees it:
 * - `incident.assigned`: the new assignee, when an incident is created with one or an update
 *   changes it (compared with the incident's previous event), unless they assigned themselves;
 * - `incident.created`: every member who may read incidents, when the new incident is at or above
 *   the organization's `notifications.min_severity` setting (default `high`);
 * - `execution.waiting`: for a step waiting on a person, an approval step notifies everyone holding
 *   `executions:update`, a manual step the member who started the execution (else the same group).
 */
export async function planNotifications(em: SqlEntityManager, event: OutboxEvent): Promise<NotificationDraft[]> {
  const drafts: NotificationDraft[] = [];
  const incident = (event.data.incident ?? null) as Record<string, unknown> | null;
  if (incident && (event.type === 'incident.created' || event.type === 'incident.updated')) {
    const assignee = typeof incident.assignee_id === 'string' ? incident.assignee_id : null;
    const actor = typeof event.data.actor_id === 'string' ? event.data.actor_id : null;
    const before = event.type === 'incident.created' ? null : ((await previousAssignee(em, event)) ?? null);
    if (assignee && assignee !== before && assignee !== actor) {
      drafts.push({
        userId: assignee,
        type: 'incident.assigned',
        title: `You were assigned: ${String(incident.title ?? '')}`.slice(0, 500),
        body: `Severity ${String(incident.severity)}, status ${String(incident.status)}`,
        data: { incident },
        incidentId: event.incident_id,
        executionId: null,
      });
    }
  }
  if (incident && event.type === 'incident.created') {
    const [org] = await em.execute<Array<{ settings: unknown }>>('select settings from organizations where id = ?', [event.organization_id]);
    const minimum = readSettings(org?.settings).notifications.min_severity;
    if (severityRank(incident.severity) <= severityRank(minimum)) {
      for (const member of await members(em, event.organization_id, 'incidents:read')) {
        drafts.push({
          userId: member.id,
          type: 'incident.created',
          title: `New ${String(incident.severity)} incident: ${String(incident.title ?? '')}`.slice(0, 500),
          body: null,
          data: { incident },
          incidentId: event.incident_id,
          executionId: null,
        });
      }
    }
  }
  if (event.type === 'execution.updated') {
    const execution = (event.data.execution ?? null) as { id?: string; procedure_name?: string; started_by?: string | null; steps?: Array<Record<string, unknown>> } | null;
    const waiting = execution?.steps?.find((step) => step.status === 'waiting' && (step.type === 'manual' || step.type === 'approval'));
    if (execution?.id && waiting) {
      const updaters = await members(em, event.organization_id, 'executions:update');
      const starter = execution.started_by ? updaters.find((member) => member.id === execution.started_by) ?? { id: execution.started_by, role: '' } : null;
      const recipients = waiting.type === 'manual' && starter ? [starter] : updaters;
      for (const member of recipients) {
        const seen = await em.execute<Array<{ id: string }>>(
          `select id from notifications where user_id = ? and type = 'execution.waiting' and execution_id = ? and data->>'step_id' = ? limit 1`,
          [member.id, execution.id, String(waiting.step_id)],
        );
        if (seen.length > 0) continue;
        drafts.push({
          userId: member.id,
          type: 'execution.waiting',
          title: `Runbook "${String(execution.procedure_name ?? '')}" waits for you: ${String(waiting.name ?? '')}`.slice(0, 500),
          body: waiting.type === 'approval' ? 'An approval is needed to continue.' : 'A manual step is waiting to be completed.',
          data: { step_id: waiting.step_id, step_name: waiting.name, step_type: waiting.type, execution_id: execution.id },
          incidentId: event.incident_id,
          executionId: execution.id,
        });
      }
    }
  }
  return drafts;
}
