import { LockMode, UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import type { EventType } from '../../domain/events.ts';
import type { InhibitionAlert } from '../../domain/inhibition.ts';
import type { IncidentStatus } from '../../domain/incident.ts';
import { AlertEntity, IncidentEntity, OrganizationEntity, type Alert, type Incident } from '../entities/index.ts';
import type { Orm } from '../orm.ts';
import { unscoped } from '../tenant-filter.ts';
import { firingKeysOfIncident, firingSourceAlerts, inhibitedFiringAlerts, lastResolvedIncidentId } from './alert-groups.ts';
import { lastAlertReceivedAt } from './alerts.ts';
import { INCIDENT_LOCK_ORDER, openIncidentsOf, openMergeTargets } from './incident-merges.ts';
import {
  addTimelineEntry,
  changeIncidentStatus,
  createIncident,
  lockIdleAlertIncidents,
  recordDomainEvent,
  type NewIncident,
} from './incidents.ts';
import { autoResolvingOrganizations } from './organizations.ts';

// The one owner of the alert transaction's database side (docs/ingestion.md): the locked reads of
// open incidents, alert and incident writes and their timeline and events. The activities keep the
// rules; each statement here is the one ingestion has always issued, in the order they call them.

/** An alert as stored: the signal's alert, where it went and what muted it (the organization is the transaction's). */
export type NewAlert = Omit<Alert, 'organization' | 'processedAt'>;

/** One transaction of one organization: every read is scoped by it (the tenant filter and an explicit organization_id). */
export interface AlertTransaction {
  readonly organizationId: string;
  /** The stored alerts among these ids, and those received since `receivedSince` with one of these receipt keys. */
  storedAlerts(query: {
    ids: readonly string[];
    receiptKeys: readonly string[];
    receivedSince: Date;
  }): Promise<Array<Pick<Alert, 'id' | 'receiptKey' | 'receivedAt'>>>;
  /** The stored alerts among these ids, with their incident. */
  storedAlertIncidents(ids: readonly string[]): Promise<Array<Pick<Alert, 'id' | 'incidentId'>>>;
  /**
   * The open incidents of these dedup keys and group keys and the open targets of merges of these
   * keys, locked until commit, in fingerprint order (two batches lock shared keys in one order).
   */
  lockOpenIncidents(query: { keys: readonly string[]; groupKeys: readonly string[] }): Promise<Incident[]>;
  /** The open incident with this id, those of the dedup key, and the open targets of its merges, locked until commit. */
  lockOpenIncidentsOfKey(dedupKey: string, incidentId: string | null): Promise<Incident[]>;
  /** For these dedup keys, the open incident a merge leads each to. */
  openMergeTargets(keys: readonly string[]): Promise<Map<string, string>>;
  /** The incident when it is resolved, locked until commit. */
  lockResolvedIncident(id: string): Promise<Incident | null>;
  /** The oldest open incident of the dedup key or group key, locked until commit. */
  lockOpenIncidentOfKeyOrGroup(key: string, groupKey: string | null): Promise<Incident | null>;
  /** The incident, locked until commit; undefined when it is not the organization's. */
  lockIncident(id: string): Promise<Incident | undefined>;
  /** Up to `limit` open alert-opened incidents no alert reached for `idleSeconds`, locked (skipping locked ones). */
  lockIdleAlertIncidents(idleSeconds: number, limit: number): Promise<Incident[]>;
  alert(id: string): Promise<Alert>;
  lastAlertReceivedAt(incidentId: string): Promise<Date | null>;
  firingSourceAlerts(): Promise<InhibitionAlert[]>;
  inhibitedFiringAlerts(since: Date): Promise<Array<InhibitionAlert & { alertId: string }>>;
  firingKeysOfIncident(incidentId: string): Promise<Set<string>>;
  lastResolvedIncidentId(key: { fingerprint: string; groupKey: string | null }): Promise<string | undefined>;
  /** Writes go to the unit of work: inserted (one statement per table and 300 rows) at `flush` or commit. */
  insertAlert(alert: NewAlert): void;
  /** `createIncident` (incidents.ts) in this organization. */
  createIncident(input: Omit<NewIncident, 'organizationId'>): Incident;
  addTimelineEntry(incident: Incident, entry: Parameters<typeof addTimelineEntry>[2]): void;
  recordEvent(incident: Incident, type: EventType, extra?: Record<string, unknown>): void;
  /** `changeIncidentStatus` (incidents.ts): false, with nothing written, when the status is unchanged. */
  changeStatus(incident: Incident, status: IncidentStatus, context: Parameters<typeof changeIncidentStatus>[3]): boolean;
  /** Writes what the unit of work holds now (before a statement that must see it). */
  flush(): Promise<void>;
}

export interface AlertTransactionStore {
  /** Runs `work` in one transaction of the organization, written at its end: all of it or none. */
  transaction<T>(organizationId: string, work: (unit: AlertTransaction) => Promise<T>): Promise<T>;
  /** The auto-resolve sweep's one question across organizations: those whose settings set `auto_resolve_after_hours`, with it. */
  autoResolvingOrganizations(): Promise<Array<{ id: string; hours: number }>>;
  /** The organization's settings (as stored; read with readSettings). */
  organizationSettings(organizationId: string): Promise<Record<string, unknown>>;
}

/** A partial unique index allowing one open incident per organization and dedup key (or group key) refused an insert. */
export const isOpenIncidentConflict = (error: unknown): boolean => openIncidentConflictKey(error) !== undefined;

/**
 * When a partial unique index allowing one open incident per organization and dedup key (or group
 * key) refused an insert: which key it refused (PostgreSQL's detail names the index's columns and
 * values); undefined for any other error.
 */
export function openIncidentConflictKey(error: unknown): string | undefined {
  if (!(error instanceof UniqueConstraintViolationException)) return undefined;
  const index = ['incidents_open_fingerprint_unique', 'incidents_open_group_unique'].find((name) => error.message.includes(name));
  if (index === undefined) return undefined;
  const detail = (error as { detail?: unknown }).detail;
  return `${index} ${typeof detail === 'string' ? detail : error.message}`;
}

function unitOf(em: EntityManager, organizationId: string): AlertTransaction {
  // Every query names the organization; the ORM's tenant filter would be a second mechanism.
  const organization = organizationId;
  return {
    organizationId,
    storedAlerts: ({ ids, receiptKeys, receivedSince }) =>
      em.find(
        AlertEntity,
        {
          organization,
          $or: [
            { id: { $in: [...ids] } },
            ...(receiptKeys.length > 0 ? [{ receiptKey: { $in: [...receiptKeys] }, receivedAt: { $gte: receivedSince } }] : []),
          ],
        },
        { ...unscoped, fields: ['id', 'receiptKey', 'receivedAt'] },
      ),
    storedAlertIncidents: (ids) =>
      em.find(AlertEntity, { organization, id: { $in: [...ids] } }, { ...unscoped, fields: ['id', 'incidentId'] }),
    lockOpenIncidents: ({ keys, groupKeys }) =>
      em.find(
        IncidentEntity,
        openIncidentsOf(organizationId, { keys, groupKeys }),
        // Only the incident rows are locked, else every ingestion transaction of the organization
        // would queue on its organization row.
        { ...unscoped, lockMode: LockMode.PESSIMISTIC_WRITE, lockTableAliases: ['i0'], orderBy: INCIDENT_LOCK_ORDER },
      ),
    lockOpenIncidentsOfKey: (dedupKey, incidentId) =>
      em.find(IncidentEntity, openIncidentsOf(organizationId, { ids: incidentId ? [incidentId] : [], keys: [dedupKey] }), {
        ...unscoped,
        lockMode: LockMode.PESSIMISTIC_WRITE,
        lockTableAliases: ['i0'],
      }),
    openMergeTargets: (keys) => openMergeTargets(em, organizationId, keys),
    lockResolvedIncident: (id) =>
      em.findOne(IncidentEntity, { organization, id, status: 'resolved' }, { ...unscoped, lockMode: LockMode.PESSIMISTIC_WRITE }),
    lockOpenIncidentOfKeyOrGroup: (key, groupKey) =>
      em.findOne(
        IncidentEntity,
        { organization, status: { $ne: 'resolved' }, $or: [{ fingerprint: key }, ...(groupKey !== null ? [{ groupKey }] : [])] },
        { ...unscoped, lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { createdAt: 'asc' } },
      ),
    async lockIncident(id) {
      const [incident] = await em.find(
        IncidentEntity,
        { organization, id },
        { ...unscoped, lockMode: LockMode.PESSIMISTIC_WRITE, lockTableAliases: ['i0'] },
      );
      return incident;
    },
    async lockIdleAlertIncidents(idleSeconds, limit) {
      const idle = await lockIdleAlertIncidents(em, organizationId, idleSeconds, limit);
      return idle.length === 0 ? [] : em.find(IncidentEntity, { organization, id: { $in: idle } }, unscoped);
    },
    alert: (id) => em.findOneOrFail(AlertEntity, { organization, id }, unscoped),
    lastAlertReceivedAt: (incidentId) => lastAlertReceivedAt(em, organizationId, incidentId),
    firingSourceAlerts: () => firingSourceAlerts(em, organizationId),
    inhibitedFiringAlerts: (since) => inhibitedFiringAlerts(em, organizationId, since),
    firingKeysOfIncident: (incidentId) => firingKeysOfIncident(em, organizationId, incidentId),
    lastResolvedIncidentId: (key) => lastResolvedIncidentId(em, organizationId, key),
    insertAlert(alert) {
      em.create(AlertEntity, { ...alert, organization: organizationId });
    },
    createIncident: (input) => createIncident(em, { ...input, organizationId }),
    addTimelineEntry: (incident, entry) => addTimelineEntry(em, incident, entry),
    recordEvent: (incident, type, extra) => recordDomainEvent(em, incident, type, extra),
    changeStatus: (incident, status, context) => changeIncidentStatus(em, incident, status, context),
    flush: () => em.flush(),
  };
}

/** Ingestion's transactions, each on a fresh unit of work confined to its organization. */
export function createAlertTransactionStore(orm: Orm): AlertTransactionStore {
  return {
    transaction: (organizationId, work) => orm.em.fork().transactional((em) => work(unitOf(em, organizationId))),
    autoResolvingOrganizations: () => autoResolvingOrganizations(orm.em.fork()),
    async organizationSettings(organizationId) {
      const organization = await orm.em
        .fork()
        .findOneOrFail(OrganizationEntity, { id: organizationId }, { fields: ['settings'], filters: false });
      return organization.settings;
    },
  };
}
