import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlArray } from '../sql-array.ts';

/** What the assistant may read of an incident, every query scoped to the incident's own organization. */
export interface IncidentRef {
  organizationId: string;
  incidentId: string;
}

/** The incident's facts with its analysis, and the body of the question message; undefined when the incident is not the organization's. */
export async function incidentWithQuestion(
  em: EntityManager,
  ref: IncidentRef,
  messageId: string,
): Promise<(Record<string, unknown> & { analysis: Record<string, unknown> | null; question: unknown }) | undefined> {
  const [incident] = await em.execute<Array<Record<string, unknown> & { analysis: Record<string, unknown> | null; question: unknown }>>(
    `select i.title, i.description, i.status, i.severity, i.source, i.tags, i.labels, i.alert_count, i.created_at, i.acknowledged_at, i.resolved_at, i.analysis,
       (select body from incident_messages where id = ? and incident_id = i.id and organization_id = i.organization_id) as question
     from incidents i where i.id = ? and i.organization_id = ?`,
    [messageId, ref.incidentId, ref.organizationId],
  );
  return incident;
}

/** The incident's latest alerts, newest first. */
export function latestAlerts(em: EntityManager, ref: IncidentRef, limit: number): Promise<Array<Record<string, unknown>>> {
  return em.execute<Array<Record<string, unknown>>>(
    `select title, severity, status, host, platform, labels, occurred_at, received_at from alerts
     where incident_id = ? and organization_id = ? order by received_at desc limit ?`,
    [ref.incidentId, ref.organizationId, limit],
  );
}

/** The procedures' names, descriptions and step names in order. */
export async function procedureOutlines(
  em: EntityManager,
  organizationId: string,
  procedureIds: readonly string[],
): Promise<Array<{ name: string; description: string | null; steps: string[] | null }>> {
  if (procedureIds.length === 0) return [];
  return em.execute<Array<{ name: string; description: string | null; steps: string[] | null }>>(
    `select p.name, p.description, (select json_agg(s.name order by s.position) from procedure_steps s where s.procedure_id = p.id) as steps
     from procedures p where p.organization_id = ? and p.id = any(?::uuid[])`,
    [organizationId, sqlArray(procedureIds)],
  );
}

/** The chat messages before `beforeMessageId`, the last `limit` of them, oldest first. */
export function chatHistory(
  em: EntityManager,
  ref: IncidentRef,
  beforeMessageId: string,
  limit: number,
): Promise<Array<{ author_kind: string; body: string }>> {
  return em.execute<Array<{ author_kind: string; body: string }>>(
    `select author_kind, body from (select id, author_kind, body from incident_messages where incident_id = ? and organization_id = ? and id < ? order by id desc limit ?) h order by id`,
    [ref.incidentId, ref.organizationId, beforeMessageId, limit],
  );
}
