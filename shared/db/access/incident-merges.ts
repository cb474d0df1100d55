import { LockMode, raw, type EntityManager } from '@mikro-orm/core';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/postgresql';
import type { EventType } from '../../domain/events.ts';
import type { IncidentStatus } from '../../domain/incident.ts';
import { uuidv7 } from '../../uuidv7.ts';
import { IncidentEntity, type Incident } from '../entities/index.ts';
import { unscoped } from '../tenant-filter.ts';
import { addTimelineEntry, changeIncidentStatus, recordDomainEvent } from './incidents.ts';
import { organizationTransaction } from './organization-transaction.ts';
import { sqlArray } from '../sql-array.ts';

// Merges of incidents (docs/decisions/0018-incident-merge.md); each statement matches the
// organization explicitly (raw SQL bypasses the tenant filter). Called inside the caller's transaction.

const sql = (em: EntityManager) => em as unknown as SqlEntityManager;

export interface MergeRow {
  id: string;
  target_incident_id: string;
  source_incident_id: string;
  source_status: IncidentStatus;
  alert_ids: string[];
  merged_by: string | null;
  merged_at: Date | string;
  unmerged_by: string | null;
  unmerged_at: Date | string | null;
}

const MERGE_COLUMNS =
  'm.id, m.target_incident_id, m.source_incident_id, m.source_status, m.alert_ids, m.merged_by, m.merged_at, m.unmerged_by, m.unmerged_at';

/**
 * Moves the source's alerts to the target and records the merge with the dedup keys that now lead
 * to the target (the moved alerts' keys and the source's fingerprint). Returns how many alerts moved,
 * and how many of them an incident's `alert_count` counts (firing, not muted).
 */
export async function recordMerge(
  em: EntityManager,
  organizationId: string,
  merge: { targetId: string; sourceId: string; sourceStatus: IncidentStatus; sourceFingerprint: string | null; actorId: string | null },
): Promise<{ mergeId: string; alerts: number; counted: number }> {
  const moved = await sql(em).execute<Array<{ id: string; dedup_key: string; counted: boolean }>>(
    `update alerts set incident_id = ? where organization_id = ? and incident_id = ?
     returning id, dedup_key, (status = 'firing' and silenced_kind is null) as counted`,
    [merge.targetId, organizationId, merge.sourceId],
  );
  const mergeId = uuidv7();
  await sql(em).execute(
    `insert into incident_merges (id, organization_id, target_incident_id, source_incident_id, source_status, alert_ids, merged_by, merged_at)
     values (?, ?, ?, ?, ?, ?::jsonb, ?, now())`,
    [
      mergeId,
      organizationId,
      merge.targetId,
      merge.sourceId,
      merge.sourceStatus,
      JSON.stringify(moved.map((row) => row.id)),
      merge.actorId,
    ],
  );
  const keys = [...new Set([...moved.map((row) => row.dedup_key), ...(merge.sourceFingerprint ? [merge.sourceFingerprint] : [])])];
  if (keys.length > 0)
    await sql(em).execute(
      `insert into incident_merge_keys (merge_id, organization_id, dedup_key, target_incident_id)
       select ?, ?, key, ? from json_array_elements_text(?::json) as key on conflict do nothing`,
      [mergeId, organizationId, merge.targetId, JSON.stringify(keys)],
    );
  return { mergeId, alerts: moved.length, counted: moved.filter((row) => row.counted).length };
}

/**
 * Copies the source's timeline to the target, each entry marked `merged_from_incident_id` and
 * keeping its time; its id keeps the original's time-ordered prefix, so it sorts where it happened.
 */
export async function copyTimelineToTarget(
  em: EntityManager,
  organizationId: string,
  copy: { sourceId: string; targetId: string; prefix: string },
): Promise<void> {
  await sql(em).execute(
    `insert into incident_timeline (id, organization_id, incident_id, type, message, actor_id, data, created_at)
     select overlay(t.id::text placing substr(md5(random()::text || t.id::text), 1, 12) from 25 for 12)::uuid,
       t.organization_id, ?, t.type, ? || t.message, t.actor_id, t.data || jsonb_build_object('merged_from_incident_id', ?::text), t.created_at
     from incident_timeline t
     where t.organization_id = ? and t.incident_id = ?`,
    [copy.targetId, copy.prefix, copy.sourceId, organizationId, copy.sourceId],
  );
}

/** The source's responders (and its assignee, as an accepted responder) join the target; someone already there stays as they are. */
export async function copyRespondersToTarget(
  em: EntityManager,
  organizationId: string,
  copy: { sourceId: string; targetId: string; sourceAssigneeId: string | null },
): Promise<void> {
  await sql(em).execute(
    `insert into incident_responders (id, organization_id, incident_id, user_id, requested_by, message, via_type, via_id, status, responded_at, created_at, updated_at)
     select gen_random_uuid(), r.organization_id, ?, r.user_id, r.requested_by, r.message, r.via_type, r.via_id, r.status, r.responded_at, r.created_at, now()
     from incident_responders r where r.organization_id = ? and r.incident_id = ?
     on conflict (incident_id, user_id) do nothing`,
    [copy.targetId, organizationId, copy.sourceId],
  );
  if (copy.sourceAssigneeId)
    await sql(em).execute(
      `insert into incident_responders (id, organization_id, incident_id, user_id, requested_by, message, via_type, via_id, status, responded_at, created_at, updated_at)
       select gen_random_uuid(), ?, ?, u.id, null, 'Assignee of a merged incident', 'user', u.id, 'accepted', now(), now(), now()
       from users u where u.id = ? and u.organization_id = ?
       on conflict (incident_id, user_id) do nothing`,
      [organizationId, copy.targetId, copy.sourceAssigneeId, organizationId],
    );
}

/** The merge that folded this source into another incident and is not undone; undefined when none. */
export async function activeMergeOfSource(em: EntityManager, organizationId: string, sourceId: string): Promise<MergeRow | undefined> {
  const [row] = await sql(em).execute<MergeRow[]>(
    `select ${MERGE_COLUMNS} from incident_merges m where m.organization_id = ? and m.source_incident_id = ? and m.unmerged_at is null`,
    [organizationId, sourceId],
  );
  return row;
}

/**
 * Undoes a merge: the alerts that came from the source (moved by the merge, or led to the target
 * by its dedup keys since) go back, its copied timeline leaves the target, its keys lead nowhere.
 * Returns how many alerts went back, and how many of them `alert_count` counts.
 */
export async function reverseMerge(
  em: EntityManager,
  organizationId: string,
  merge: MergeRow,
  actorId: string | null,
): Promise<{ alerts: number; counted: number }> {
  const back = await sql(em).execute<Array<{ id: string; counted: boolean }>>(
    `update alerts a set incident_id = m.source_incident_id
     from incident_merges m
     where m.id = ? and a.organization_id = ? and a.incident_id = m.target_incident_id
       and (a.id in (select value::uuid from jsonb_array_elements_text(m.alert_ids))
         or (a.received_at >= m.merged_at and a.dedup_key in (select k.dedup_key from incident_merge_keys k where k.merge_id = m.id)))
     returning a.id, (a.status = 'firing' and a.silenced_kind is null) as counted`,
    [merge.id, organizationId],
  );
  await sql(em).execute(
    `delete from incident_timeline where organization_id = ? and incident_id = ? and data->>'merged_from_incident_id' = ?`,
    [organizationId, merge.target_incident_id, merge.source_incident_id],
  );
  await sql(em).execute(`delete from incident_merge_keys where merge_id = ?`, [merge.id]);
  await sql(em).execute(`update incident_merges set unmerged_at = now(), unmerged_by = ? where id = ? and organization_id = ?`, [
    actorId,
    merge.id,
    organizationId,
  ]);
  return { alerts: back.length, counted: back.filter((row) => row.counted).length };
}

/** Merges of an incident either way (into it, or it into another), newest first. */
export function mergesOf(
  em: EntityManager,
  organizationId: string,
  incidentId: string,
): Promise<Array<MergeRow & { source_title: string; target_title: string }>> {
  return sql(em).execute(
    `select ${MERGE_COLUMNS}, s.title as source_title, t.title as target_title
     from incident_merges m
     join incidents s on s.id = m.source_incident_id and s.organization_id = m.organization_id
     join incidents t on t.id = m.target_incident_id and t.organization_id = m.organization_id
     where m.organization_id = ? and (m.target_incident_id = ? or m.source_incident_id = ?)
     order by m.merged_at desc, m.id desc`,
    [organizationId, incidentId, incidentId],
  );
}

/**
 * Ingestion's question: for these dedup keys, the open incident a merge leads each to (a key of an
 * incident merged into another joins the target while it is open). One statement per batch.
 */
export async function openMergeTargets(em: EntityManager, organizationId: string, keys: readonly string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await sql(em).execute<Array<{ dedup_key: string; target_incident_id: string }>>(
    `select distinct on (k.dedup_key) k.dedup_key, k.target_incident_id
     from incident_merge_keys k join incidents i on i.id = k.target_incident_id and i.organization_id = k.organization_id
     where k.organization_id = ? and k.dedup_key = any(?::text[]) and i.status <> 'resolved'
     order by k.dedup_key, k.merge_id desc`,
    [organizationId, sqlArray(keys)],
  );
  return new Map(rows.map((row) => [row.dedup_key, row.target_incident_id]));
}

/**
 * The order every transaction that locks several incidents takes them in: an alert bucket's (its
 * open incidents), a merge's two, the relay's routing (in SQL, `order by fingerprint, id`). In any
 * other order two of them can each hold a row the other waits for, and PostgreSQL cancels one.
 */
export const INCIDENT_LOCK_ORDER = { fingerprint: 'asc', id: 'asc' } as const;

/**
 * The filter of ingestion's locked reads: the organization's open incidents of these ids, of these
 * dedup keys or group keys, and those merges lead the keys to (which the read locks too).
 * One array of ids from index lookups (the open incidents' partial unique indexes, the merge keys'
 * index), then the incidents by primary key: an OR of the three, the merge keys a subquery, would
 * test every open incident of the organization, a scan that grows with an outage.
 */
export function openIncidentsOf(
  organizationId: string,
  of: { ids?: readonly string[]; keys: readonly string[]; groupKeys?: readonly string[] },
): Record<string, unknown> {
  const open = `organization_id = ? and status <> 'resolved'`;
  return {
    organization: organizationId,
    status: { $ne: 'resolved' },
    [raw(
      (alias) =>
        `${alias}.id = any(array(
          select id from unnest(?::uuid[]) as id
          union all select id from incidents where ${open} and fingerprint = any(?::text[])
          union all select id from incidents where ${open} and group_key = any(?::text[])
          union all select target_incident_id from incident_merge_keys where organization_id = ? and dedup_key = any(?::text[])))`,
      [
        sqlArray(of.ids ?? []),
        organizationId,
        sqlArray(of.keys),
        organizationId,
        sqlArray(of.groupKeys ?? []),
        organizationId,
        sqlArray(of.keys),
      ],
    )]: true,
  };
}

type MergeArgs<F extends (em: EntityManager, organizationId: string, ...rest: never[]) => unknown> = Parameters<F>[2];

/** The writes of one merge or unmerge, inside one transaction and confined to one organization. */
export interface IncidentMergeUnit {
  /**
   * The organization's incidents of these ids (others absent), locked for update in
   * INCIDENT_LOCK_ORDER: overlapping merges, and a bucket taking the same incidents, wait for each
   * other instead of deadlocking.
   */
  lockIncidents(ids: readonly string[]): Promise<Incident[]>;
  copyTimelineToTarget(merge: MergeArgs<typeof copyTimelineToTarget>): Promise<void>;
  recordMerge(merge: MergeArgs<typeof recordMerge>): ReturnType<typeof recordMerge>;
  copyRespondersToTarget(merge: MergeArgs<typeof copyRespondersToTarget>): Promise<void>;
  activeMergeOfSource(sourceId: string): Promise<MergeRow | undefined>;
  reverseMerge(merge: MergeRow, actorId: string | null): ReturnType<typeof reverseMerge>;
  /** `changeIncidentStatus` (incidents.ts): false, with nothing written, when the status is unchanged. */
  changeStatus(incident: Incident, status: IncidentStatus, context: Parameters<typeof changeIncidentStatus>[3]): boolean;
  addTimelineEntry(incident: Incident, entry: Parameters<typeof addTimelineEntry>[2]): void;
  recordEvent(incident: Incident, type: EventType, extra: Record<string, unknown>): void;
}

/** Every read and write is confined to the organization given. */
export interface IncidentMergeStore {
  /** Runs `work` in one transaction, flushing the incidents it changed at its end: all of it or none. */
  transaction<T>(organizationId: string, work: (unit: IncidentMergeUnit) => Promise<T>): Promise<T>;
  /** The incident's merges either way, newest first; undefined when the incident is not the organization's. */
  mergesOf(
    organizationId: string,
    incidentId: string,
  ): Promise<Array<MergeRow & { source_title: string; target_title: string }> | undefined>;
}

/** Organizations' incident merges (`incident_merges`) and the incidents, alerts and timelines they move. */
export function createIncidentMergeStore(em: EntityManager): IncidentMergeStore {
  const unit = (tx: EntityManager, organizationId: string): IncidentMergeUnit => ({
    lockIncidents: (ids) =>
      tx.find(
        IncidentEntity,
        { id: { $in: [...ids] }, organization: organizationId },
        { ...unscoped, lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: INCIDENT_LOCK_ORDER },
      ),
    copyTimelineToTarget: (merge) => copyTimelineToTarget(tx, organizationId, merge),
    recordMerge: (merge) => recordMerge(tx, organizationId, merge),
    copyRespondersToTarget: (merge) => copyRespondersToTarget(tx, organizationId, merge),
    activeMergeOfSource: (sourceId) => activeMergeOfSource(tx, organizationId, sourceId),
    reverseMerge: (merge, actorId) => reverseMerge(tx, organizationId, merge, actorId),
    changeStatus: (incident, status, context) => changeIncidentStatus(tx, incident, status, context),
    addTimelineEntry: (incident, entry) => addTimelineEntry(tx, incident, entry),
    recordEvent: (incident, type, extra) => recordDomainEvent(tx, incident, type, extra),
  });
  return {
    transaction: organizationTransaction(em, unit),
    async mergesOf(organizationId, incidentId) {
      const incident = await em.findOne(IncidentEntity, { id: incidentId, organization: organizationId }, { ...unscoped, fields: ['id'] });
      return incident ? mergesOf(em, organizationId, incidentId) : undefined;
    },
  };
}
