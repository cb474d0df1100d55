import { setTimeout } from 'node:timers/promises';
import type { ResponderStatus, ResponderVia } from '../../domain/responders.ts';
import type { Priority } from '../../domain/priority.ts';
import type { EntityManager } from '@mikro-orm/core';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/postgresql';
import type { Urgency } from '../../domain/escalation.ts';
import type { EventType } from '../../domain/events.ts';
import type { IncidentStatus, Severity, TimelineType } from '../../domain/incident.ts';
import type { IncidentAnalysis } from '../../search/port.ts';
import { createBatchedReads } from '../batched-reads.ts';
import { namedStatement, runNamed } from './named-statement.ts';
import { isUuid, organizationKeyArrays, organizationKeyText, rowsOfKeys, type OrganizationKey } from './organization-keys.ts';
import type { SqlTimestamp } from '../sql-timestamp.ts';
import {
  DomainEventEntity,
  EscalationPolicyEntity,
  IncidentEntity,
  OrganizationEntity,
  TimelineEntryEntity,
  UserEntity,
  type Incident,
} from '../entities/index.ts';
import { unscoped } from '../tenant-filter.ts';
import { runStatement } from './statement.ts';
import { sqlArray } from '../sql-array.ts';

/**
 * Writes shared by the API (manual incidents, PATCH) and the worker (alerts): every change to an
 * incident leaves a timeline entry and a domain event in the same unit of work.
 */
export function addTimelineEntry(
  em: EntityManager,
  incident: Incident,
  entry: { type: TimelineType; message: string; actorId?: string | null; data?: Record<string, unknown> },
): void {
  em.create(TimelineEntryEntity, {
    organization: incident.organization,
    incident,
    type: entry.type,
    message: entry.message,
    actorId: entry.actorId ?? null,
    data: entry.data ?? {},
  });
}

export function incidentEventData(incident: Incident): Record<string, unknown> {
  return {
    id: incident.id,
    title: incident.title,
    status: incident.status,
    severity: incident.severity,
    priority: incident.priority ?? null,
    source: incident.source,
    assignee_id: incident.assigneeId ?? null,
    alert_count: incident.alertCount,
    escalation_cycle: incident.escalationCycle ?? 1,
  };
}

export function recordDomainEvent(em: EntityManager, incident: Incident, type: EventType, extra: Record<string, unknown> = {}): void {
  em.create(DomainEventEntity, {
    organization: incident.organization,
    type,
    incidentId: incident.id,
    data: { incident: incidentEventData(incident), ...extra },
  });
}

export interface NewIncident {
  /** Chosen by the caller when something outside the database already refers to it; else a random UUID. */
  id?: string;
  organizationId: string;
  title: string;
  description?: string | null;
  severity: Severity;
  status?: IncidentStatus;
  source: string;
  integrationId?: string | null;
  fingerprint?: string | null;
  assigneeId?: string | null;
  /** An incident created by hand pages through this policy (alert-opened ones get theirs from routing). */
  escalationPolicyId?: string | null;
  urgency?: Urgency | null;
  priority?: Priority | null;
  tags?: string[];
  labels?: Record<string, string>;
  alertCount?: number;
  actorId?: string | null;
}

/** Creates an incident with its `created` timeline entry and `incident.created` event (not flushed). */
export function createIncident(em: EntityManager, input: NewIncident): Incident {
  const now = new Date();
  const status = input.status ?? 'active';
  const incident = em.create(IncidentEntity, {
    ...(input.id ? { id: input.id } : {}),
    organization: input.organizationId,
    title: input.title,
    description: input.description ?? null,
    status,
    severity: input.severity,
    source: input.source,
    integrationId: input.integrationId ?? null,
    fingerprint: input.fingerprint ?? null,
    assigneeId: input.assigneeId ?? null,
    escalationPolicyId: input.escalationPolicyId ?? null,
    urgency: input.urgency ?? null,
    priority: input.priority ?? null,
    alertCount: input.alertCount ?? 0,
    tags: input.tags ?? [],
    labels: input.labels ?? {},
    reopenedAt: [],
    acknowledgedAt: status === 'active' || status === 'resolved' ? null : now,
    resolvedAt: status === 'resolved' ? now : null,
    mitigatedAt: status === 'mitigated' ? now : null,
    firstAssignedAt: input.assigneeId ? now : null,
  });
  addTimelineEntry(em, incident, {
    type: 'created',
    message: input.source === 'manual' ? 'Incident created' : `Incident created from a ${input.source} alert`,
    actorId: input.actorId,
    data: { severity: incident.severity, status },
  });
  recordDomainEvent(em, incident, 'incident.created');
  return incident;
}

/** Moves an incident to a status, keeping acknowledged_at/resolved_at, timeline and events right. */
export function changeIncidentStatus(
  em: EntityManager,
  incident: Incident,
  status: IncidentStatus,
  context: {
    actorId?: string | null;
    type?: TimelineType;
    message?: string;
    data?: Record<string, unknown>;
    /** False when the caller starts the incident's next cycle itself (a reassignment): no second one. */
    newCycle?: boolean;
    /** Carried by the `incident.status_changed` event (e.g. `pages: false` for a flapping reopening). */
    eventData?: Record<string, unknown>;
  } = {},
): boolean {
  const previous = incident.status;
  if (previous === status) return false;
  const now = new Date();
  incident.status = status;
  // Back to `active` (reopened, or un-acknowledged) pages again: a new escalation cycle, whose
  // workflow, timers and pages are its own; the old cycle's page nobody.
  const newCycle = status === 'active' && context.newCycle !== false;
  if (newCycle) incident.escalationCycle = (incident.escalationCycle ?? 1) + 1;
  // A snooze belongs to the acknowledgement it paused.
  incident.snoozedUntil = null;
  if (status === 'resolved') incident.resolvedAt = now;
  else incident.resolvedAt = null;
  if (status !== 'active' && !incident.acknowledgedAt) incident.acknowledgedAt = now;
  if (status === 'mitigated' && !incident.mitigatedAt) incident.mitigatedAt = now;
  addTimelineEntry(em, incident, {
    type: context.type ?? 'status_changed',
    message: context.message ?? `Status changed from ${previous} to ${status}`,
    actorId: context.actorId,
    data: { from: previous, to: status, ...context.data },
  });
  recordDomainEvent(em, incident, 'incident.status_changed', {
    previous_status: previous,
    ...(status === 'active' && !newCycle ? { new_cycle: false } : {}),
    ...context.eventData,
  });
  if (status === 'resolved') recordDomainEvent(em, incident, 'incident.resolved');
  return true;
}

/** An incident row as the API lists it, with timestamps not yet ISO strings. */
export interface IncidentRow {
  id: string;
  title: string;
  description: string | null;
  status: IncidentStatus;
  severity: Severity;
  assignee_id: string | null;
  source: string;
  integration_id: string | null;
  fingerprint: string | null;
  alert_count: number;
  tags: string[];
  created_at: SqlTimestamp;
  updated_at: SqlTimestamp;
  acknowledged_at: SqlTimestamp | null;
  resolved_at: SqlTimestamp | null;
  urgency: Urgency | null;
  routing_rule_id: string | null;
  escalation_policy_id: string | null;
  priority: Priority | null;
  merged_into_id: string | null;
}

export interface IncidentDetailRow extends IncidentRow {
  labels: Record<string, string>;
  /** The incident's responders (shared/db/access/responders.ts), oldest request first. */
  responders: Array<{
    id: string;
    incident_id: string;
    user_id: string;
    user_name: string | null;
    requested_by: string | null;
    message: string | null;
    via: { type: ResponderVia; id: string };
    status: ResponderStatus;
    responded_at: SqlTimestamp | null;
    created_at: SqlTimestamp;
  }>;
  /** Who holds which role (shared/db/access/incident-roles.ts), by role key; `role_name` null for a built-in role. */
  roles: Array<{
    role_key: string;
    role_name: string | null;
    user_id: string;
    user_name: string | null;
    assigned_by: string | null;
    assigned_at: SqlTimestamp;
  }>;
  analysis: Partial<IncidentAnalysis> | null;
  analyzed_at: SqlTimestamp | null;
  timeline: Array<{
    id: string;
    type: TimelineType;
    message: string;
    actor_id: string | null;
    data: Record<string, unknown>;
    created_at: SqlTimestamp;
  }>;
}

export interface IncidentFilter {
  status?: IncidentStatus;
  severity?: Severity;
  priority?: Priority;
  assigneeId?: string;
  createdAfter?: Date;
  createdBefore?: Date;
  /** Web-search syntax over title and description. */
  search?: string;
}

/** The incident reads that skip entity hydration; each matches the organization explicitly (raw SQL bypasses the tenant filter). */
export interface IncidentStore {
  /** One page of the organization's incidents matching the filter, newest first, and how many match in all. */
  page(
    organizationId: string,
    filter: IncidentFilter,
    page: { limit: number; offset: number },
  ): Promise<{ rows: IncidentRow[]; total: number }>;
  /** The incident with its timeline in one round trip; undefined when it is not the organization's. */
  detail(organizationId: string, id: string): Promise<IncidentDetailRow | undefined>;
  /**
   * Changes to the organization's incidents: what `work` changes through its unit is written by one
   * flush when it returns, nothing when it throws (the flush's errors, a unique violation included, reach the caller).
   */
  change<T>(organizationId: string, work: (unit: IncidentChanges) => Promise<T>): Promise<T>;
  /** Whether the user is a member of the organization (one an incident may be assigned to). */
  isMember(organizationId: string, userId: string): Promise<boolean>;
  isEscalationPolicy(organizationId: string, policyId: string): Promise<boolean>;
  /** The organization's settings as stored (readSettings gives their defaults). */
  organizationSettings(organizationId: string): Promise<Record<string, unknown>>;
}

/** Reads and writes of one organization's incidents, written together when the unit's work returns. */
export interface IncidentChanges {
  /** The organization's incident; undefined when it is not the organization's. */
  find(id: string): Promise<Incident | undefined>;
  /** The integration's open incidents (of one dedup key, when given), newest first. */
  openOfIntegration(integrationId: string, options: { fingerprint?: string; limit: number }): Promise<Incident[]>;
  /** `changeIncidentStatus`: false, with nothing written, when the status is unchanged. */
  changeStatus(incident: Incident, status: IncidentStatus, context: Parameters<typeof changeIncidentStatus>[3]): boolean;
  addTimelineEntry(incident: Incident, entry: Parameters<typeof addTimelineEntry>[2]): void;
  recordEvent(incident: Incident, type: EventType, extra: Record<string, unknown>): void;
  /** `createIncident` in the organization. */
  create(input: Omit<NewIncident, 'organizationId'>): Incident;
}

const INCIDENT_COLUMNS = `i.id, i.title, i.description, i.status, i.severity, i.assignee_id, i.source, i.integration_id, i.fingerprint,
  i.alert_count, i.tags, i.created_at, i.updated_at, i.acknowledged_at, i.resolved_at, i.urgency, i.routing_rule_id, i.escalation_policy_id, i.priority, i.merged_into_id`;

/** The incident row with its timeline as a json aggregate (and its organization, to match batched reads). */
const DETAIL_SELECT = `select ${INCIDENT_COLUMNS}, i.organization_id, i.labels, i.analysis, i.analyzed_at,
  coalesce((select json_agg(json_build_object('id', t.id, 'type', t.type, 'message', t.message, 'actor_id', t.actor_id, 'data', t.data, 'created_at', t.created_at) order by t.id)
    from incident_timeline t where t.incident_id = i.id and t.organization_id = i.organization_id), '[]'::json) as timeline,
  coalesce((select json_agg(json_build_object('id', r.id, 'incident_id', r.incident_id, 'user_id', r.user_id, 'user_name', u.name, 'requested_by', r.requested_by,
      'message', r.message, 'via', json_build_object('type', r.via_type, 'id', r.via_id), 'status', r.status, 'responded_at', r.responded_at, 'created_at', r.created_at)
      order by r.created_at, r.id)
    from incident_responders r join users u on u.id = r.user_id where r.incident_id = i.id and r.organization_id = i.organization_id), '[]'::json) as responders,
  coalesce((select json_agg(json_build_object('role_key', a.role_key, 'role_name', ir.name, 'user_id', a.user_id, 'user_name', u.name,
      'assigned_by', a.assigned_by, 'assigned_at', a.created_at) order by a.created_at, a.id)
    from incident_role_assignments a join users u on u.id = a.user_id
    left join incident_roles ir on ir.organization_id = a.organization_id and ir.key = a.role_key
    where a.incident_id = i.id and a.organization_id = i.organization_id), '[]'::json) as roles
  from incidents i`;

/** The batch sizes the detail statement is prepared for: a batch is padded to the next, its last key repeated. */
const DETAIL_BATCH_SIZES = [1, 2, 4, 8, 16, 32, 64] as const;
const MAX_DETAIL_BATCH = DETAIL_BATCH_SIZES[DETAIL_BATCH_SIZES.length - 1];

/**
 * The detail statement for `size` keys, named: each connection parses it once, and after its first
 * few executions PostgreSQL keeps one plan for it, where planning it anew cost about eight times
 * its execution (0.24 against 0.03 ms). Only a fixed number of keys lets it: a plan is per statement text.
 */
const detailStatements = new Map(
  DETAIL_BATCH_SIZES.map((size) => {
    const placeholders = Array.from({ length: size }, () => '?').join(', ');
    return [
      size,
      namedStatement(
        `tocsin_incident_detail_${size}`,
        `${DETAIL_SELECT} where i.id in (${placeholders}) and i.organization_id in (${placeholders})`,
      ),
    ];
  }),
);

/**
 * Several incidents' details in one named statement per 64 keys (runNamed), each asked with its
 * organization; a row answers only the (id, organization) pair it belongs to.
 */
export async function incidentDetails(
  em: SqlEntityManager,
  keys: Array<{ organizationId: string; id: string }>,
): Promise<Array<IncidentDetailRow & { organization_id: string }>> {
  if (keys.length === 0) return [];
  const rows: Array<IncidentDetailRow & { organization_id: string }> = [];
  for (let start = 0; start < keys.length; start += MAX_DETAIL_BATCH) {
    const chunk = keys.slice(start, start + MAX_DETAIL_BATCH);
    const size = DETAIL_BATCH_SIZES.find((candidate) => candidate >= chunk.length) ?? MAX_DETAIL_BATCH;
    const padded = (values: string[]) => Array.from({ length: size }, (_, index) => values[Math.min(index, values.length - 1)]);
    const ids = padded([...new Set(chunk.map((key) => key.id))]);
    const organizations = padded([...new Set(chunk.map((key) => key.organizationId))]);
    const statement = detailStatements.get(size)!;
    rows.push(...(await runNamed<IncidentDetailRow & { organization_id: string }>(em, statement, [...ids, ...organizations])));
  }
  return rowsOfKeys(rows, keys);
}

/**
 * The detail read of GET /incidents/{id}, batched across concurrent requests of this process
 * (shared/db/batched-reads.ts): one statement per batch, each request as fresh as with its own.
 */
export function createIncidentDetailReads(em: SqlEntityManager): IncidentStore['detail'] {
  const reads = createBatchedReads<{ organizationId: string; id: string }, IncidentDetailRow & { organization_id: string }>({
    fetch: (keys) => incidentDetails(em, keys),
    keyOf: (key) => organizationKeyText(key.organizationId, key.id),
    rowKey: (row) => organizationKeyText(row.organization_id, row.id),
  });
  // A malformed id names no incident, and must not fail the statement the others share.
  return async (organizationId, id) => (isUuid(id) && isUuid(organizationId) ? reads.load({ organizationId, id }) : undefined);
}

/**
 * Incident reads for the API: plain rows, since listing is the console's hottest read
 * (docs/benchmarks.md). `detail`, when given, replaces the single-statement detail read.
 */
export function createIncidentStore(em: SqlEntityManager, detail?: IncidentStore['detail']): IncidentStore {
  return {
    async page(organizationId, filter, page) {
      const conditions = ['i.organization_id = ?'];
      const params: unknown[] = [organizationId];
      const where = (condition: string, value: unknown) => {
        conditions.push(condition);
        params.push(value);
      };
      if (filter.status) where('i.status = ?', filter.status);
      if (filter.severity) where('i.severity = ?', filter.severity);
      if (filter.priority) where('i.priority = ?', filter.priority);
      if (filter.assigneeId) where('i.assignee_id = ?', filter.assigneeId);
      if (filter.createdAfter) where('i.created_at >= ?', filter.createdAfter);
      if (filter.createdBefore) where('i.created_at < ?', filter.createdBefore);
      // Same expression as the GIN index of the ingestion migration, so the index serves it.
      if (filter.search)
        where(
          `to_tsvector('english', coalesce(i.title, '') || ' ' || coalesce(i.description, '')) @@ websearch_to_tsquery('english', ?)`,
          filter.search,
        );
      const condition = conditions.join(' and ');
      const rows = await em.execute<Array<IncidentRow & { total: string | number }>>(
        `select ${INCIDENT_COLUMNS}, count(*) over () as total from incidents i where ${condition} order by i.created_at desc, i.id desc limit ? offset ?`,
        [...params, page.limit, page.offset],
      );
      // Past the last page the window count has no row to ride on.
      const total = rows[0]
        ? Number(rows[0].total)
        : page.offset > 0
          ? Number(
              (
                await em.execute<Array<{ total: string | number }>>(`select count(*) as total from incidents i where ${condition}`, params)
              )[0]?.total ?? 0,
            )
          : 0;
      return { rows, total };
    },

    detail:
      detail ??
      (async (organizationId, id) => {
        const [row] = await em.execute<IncidentDetailRow[]>(`${DETAIL_SELECT} where i.id = ? and i.organization_id = ?`, [
          id,
          organizationId,
        ]);
        return row;
      }),

    async change(organizationId, work) {
      const result = await work(incidentChanges(em, organizationId));
      await em.flush();
      return result;
    },

    async isMember(organizationId, userId) {
      return (await em.count(UserEntity, { id: userId, organization: organizationId }, unscoped)) > 0;
    },

    async isEscalationPolicy(organizationId, policyId) {
      return (await em.count(EscalationPolicyEntity, { id: policyId, organization: organizationId }, unscoped)) > 0;
    },

    async organizationSettings(organizationId) {
      return (await em.findOneOrFail(OrganizationEntity, { id: organizationId }, { ...unscoped, fields: ['settings'] })).settings;
    },
  };
}

function incidentChanges(em: SqlEntityManager, organizationId: string): IncidentChanges {
  return {
    find: async (id) => (await em.findOne(IncidentEntity, { id, organization: organizationId }, unscoped)) ?? undefined,
    openOfIntegration: (integrationId, { fingerprint, limit }) =>
      em.find(
        IncidentEntity,
        { organization: organizationId, integrationId, ...(fingerprint === undefined ? {} : { fingerprint }), status: { $ne: 'resolved' } },
        { ...unscoped, orderBy: { createdAt: 'desc' }, limit },
      ),
    changeStatus: (incident, status, context) => changeIncidentStatus(em, incident, status, context),
    addTimelineEntry: (incident, entry) => addTimelineEntry(em, incident, entry),
    recordEvent: (incident, type, extra) => recordDomainEvent(em, incident, type, extra),
    create: (input) => createIncident(em, { ...input, organizationId }),
  };
}

/** Open incidents by severity across every organization (the operator's metrics, no organization label). */
export function openIncidentsBySeverity(em: SqlEntityManager): Promise<Array<{ severity: Severity; n: number }>> {
  return em.execute<Array<{ severity: Severity; n: number }>>(
    `select severity, count(*)::int as n from incidents where status <> 'resolved' group by severity`,
  );
}

/** What an incident's analysis is computed from (its tags for the semantic side), and when and from which text it last was. */
export interface IncidentAnalysisSource {
  id: string;
  title: string;
  description: string | null;
  tags: string[];
  analysis_text_hash: string | null;
  analyzed_at: string | Date | null;
}

/** incidentAnalysisSource's row; undefined when the incident is not the organization's. */
export async function incidentAnalysisSource(
  em: SqlEntityManager,
  organizationId: string,
  incidentId: string,
): Promise<Omit<IncidentAnalysisSource, 'id'> | undefined> {
  const [row] = await em.execute<Array<Omit<IncidentAnalysisSource, 'id'>>>(
    'select title, description, tags, analysis_text_hash, analyzed_at from incidents where id = ? and organization_id = ?',
    [incidentId, organizationId],
  );
  return row;
}

/** incidentAnalysisSource for a follow-up pass's incidents of one organization, in one query; missing ones are left out. */
export async function incidentAnalysisSources(
  em: SqlEntityManager,
  organizationId: string,
  incidentIds: readonly string[],
): Promise<IncidentAnalysisSource[]> {
  if (incidentIds.length === 0) return [];
  return em.execute(
    `select id, title, description, tags, analysis_text_hash, analyzed_at from incidents
     where organization_id = ? and id = any(?::uuid[])`,
    [organizationId, sqlArray(incidentIds)],
  );
}

/** How long `storeIncidentAnalyses` keeps coming back for incidents that other transactions hold. */
export const ANALYSIS_LOCK_WAIT = { retryMs: 50, deadlineMs: 30_000 };

/**
 * Stores incidents' analyses. Only the analysis columns are written (no entity): a concurrent alert
 * or edit of an incident is neither overwritten nor turned into a domain event. An incident another
 * transaction holds (an alert bucket's, which locks its incidents in its own order) is skipped and
 * written on a later try, so this statement never waits while holding rows: waiting on them, it had
 * deadlocked with ingestion in storms, and PostgreSQL then cancelled either side.
 */
export async function storeIncidentAnalyses(
  em: SqlEntityManager,
  organizationId: string,
  analyses: ReadonlyArray<{ incidentId: string; analysis: unknown; textHash: string }>,
  lockWait: { retryMs: number; deadlineMs: number } = ANALYSIS_LOCK_WAIT,
): Promise<void> {
  const deadline = Date.now() + lockWait.deadlineMs;
  let pending = analyses;
  while (pending.length > 0) {
    const rows = pending.map(({ incidentId, analysis, textHash }) => ({ id: incidentId, analysis, text_hash: textHash }));
    // The organization's incidents of the batch that were locked: not written this time.
    const held = await em.execute<Array<{ id: string }>>(
      `with v as materialized (select * from json_to_recordset(?::json) as v(id uuid, analysis jsonb, text_hash text)),
       free as materialized (select i.id from incidents i where i.organization_id = ? and i.id in (select id from v)
         for no key update skip locked),
       written as (update incidents i set analysis = v.analysis, analyzed_at = clock_timestamp(), analysis_text_hash = v.text_hash
         from v where i.id = v.id and i.id in (select id from free) returning i.id)
       select i.id from incidents i where i.organization_id = ? and i.id in (select id from v) and i.id not in (select id from written)`,
      [JSON.stringify(rows), organizationId, organizationId],
    );
    const heldIds = new Set(held.map((row) => row.id));
    pending = pending.filter((entry) => heldIds.has(entry.incidentId));
    if (pending.length === 0) return;
    if (Date.now() >= deadline)
      throw new Error(`${pending.length} incident analyses not stored: the incidents stayed locked for ${lockWait.deadlineMs} ms`);
    await setTimeout(lockWait.retryMs);
  }
}

/** What paging reads of an incident: whether it still needs anyone, and what a page says about it. */
export interface IncidentPagingState {
  id: string;
  title: string;
  severity: Severity;
  status: IncidentStatus;
  assignee_id: string | null;
  escalation_cycle: number;
}

// Named: every page reads it twice (whom to page, then whether to send), concurrent pages in one statement.
const PAGING_STATES = namedStatement(
  'tocsin_incident_paging_states',
  'select id, organization_id, title, severity, status, assignee_id, escalation_cycle from incidents where id = any(?::uuid[]) and organization_id = any(?::uuid[])',
);

/**
 * The incidents as paging sees them now, each with its organization; an incident that is not its
 * key's organization's (or was deleted) is absent.
 */
export async function incidentPagingStates(
  em: SqlEntityManager,
  keys: readonly OrganizationKey[],
): Promise<Array<IncidentPagingState & { organization_id: string }>> {
  const rows = await runNamed<IncidentPagingState & { organization_id: string }>(em, PAGING_STATES, organizationKeyArrays(keys));
  return rowsOfKeys(rows, keys);
}

/** The incident as paging sees it now; undefined when it is not the organization's (or was deleted). */
export async function incidentPagingState(
  em: SqlEntityManager,
  organizationId: string,
  incidentId: string,
): Promise<IncidentPagingState | undefined> {
  const [row] = await incidentPagingStates(em, [{ organizationId, id: incidentId }]);
  if (!row) return undefined;
  const { organization_id: _organization, ...state } = row;
  return state;
}

/**
 * Up to `limit` of the organization's open alert-opened incidents no alert has reached for
 * `idleSeconds` (since creation when none has), locked until the caller's transaction ends. Rows
 * another transaction holds are skipped (SKIP LOCKED), left for a later sweep.
 */
export async function lockIdleAlertIncidents(
  em: EntityManager,
  organizationId: string,
  idleSeconds: number,
  limit: number,
): Promise<string[]> {
  const rows = await runStatement<Array<{ id: string }>>(
    em,
    `select i.id from incidents i
     where i.organization_id = ? and i.status <> 'resolved' and i.fingerprint is not null and i.integration_id is not null
       and coalesce((select max(a.received_at) from alerts a where a.incident_id = i.id), i.created_at) < now() - make_interval(secs => ?)
     order by i.id limit ? for update of i skip locked`,
    [organizationId, idleSeconds, limit],
  );
  return rows.map((row) => row.id);
}
