import { LockMode, type EntityManager } from '@mikro-orm/core';
import { AlertEntity, IncidentEntity, type Alert, type Incident } from '../entities/index.ts';
import { unscoped } from '../tenant-filter.ts';
import { incidentAlertKeys, moveKeyAlerts } from './alert-groups.ts';
import { addTimelineEntry, createIncident, type NewIncident } from './incidents.ts';
import { organizationTransaction } from './organization-transaction.ts';

export type IncidentAlertKey = Awaited<ReturnType<typeof incidentAlertKeys>>[number];

/** Ungrouping one dedup key of an incident, inside one transaction and confined to one organization. */
export interface IncidentAlertUnit {
  /** The organization's incident, locked until the transaction ends; undefined when it is not the organization's. */
  lockIncident(id: string): Promise<Incident | undefined>;
  /** The incident's alerts, one row per dedup key. */
  keysOf(incidentId: string): Promise<IncidentAlertKey[]>;
  /** The key's latest alert in the incident (the key must have one). */
  latestAlertOfKey(incidentId: string, dedupKey: string): Promise<Alert>;
  /** Clears the incident's fingerprint and writes it at once: the key may then open an incident of its own. */
  releaseFingerprint(incident: Incident): Promise<void>;
  /** A new incident of the organization with its `created` entry and event, written at once. */
  createIncident(input: Omit<NewIncident, 'organizationId'>): Promise<Incident>;
  /** Moves the key's alerts from an incident to another; how many moved. */
  moveKeyAlerts(move: { fromIncidentId: string; toIncidentId: string; dedupKey: string }): Promise<number>;
  addTimelineEntry(incident: Incident, entry: Parameters<typeof addTimelineEntry>[2]): void;
}

/** Every read and write is confined to the organization given. */
export interface IncidentAlertStore {
  /** The incident's alerts, one row per dedup key; undefined when the incident is not the organization's. */
  keysOf(organizationId: string, incidentId: string): Promise<IncidentAlertKey[] | undefined>;
  /** Runs `work` in one transaction, flushing the incidents it changed at its end: all of it or none. */
  transaction<T>(organizationId: string, work: (unit: IncidentAlertUnit) => Promise<T>): Promise<T>;
}

/** The alerts of organizations' incidents (`alerts`), as an incident shows them and ungroups them. */
export function createIncidentAlertStore(em: EntityManager): IncidentAlertStore {
  const unit = (tx: EntityManager, organizationId: string): IncidentAlertUnit => ({
    lockIncident: async (id) =>
      (await tx.findOne(IncidentEntity, { id, organization: organizationId }, { ...unscoped, lockMode: LockMode.PESSIMISTIC_WRITE })) ??
      undefined,
    keysOf: (incidentId) => incidentAlertKeys(tx, organizationId, incidentId),
    latestAlertOfKey: (incidentId, dedupKey) =>
      tx.findOneOrFail(
        AlertEntity,
        { organization: organizationId, incidentId, dedupKey },
        { ...unscoped, orderBy: { receivedAt: 'desc', id: 'desc' } },
      ),
    async releaseFingerprint(incident) {
      incident.fingerprint = null;
      await tx.flush();
    },
    async createIncident(input) {
      const incident = createIncident(tx, { ...input, organizationId });
      await tx.flush();
      return incident;
    },
    moveKeyAlerts: (move) => moveKeyAlerts(tx, organizationId, move),
    addTimelineEntry: (incident, entry) => addTimelineEntry(tx, incident, entry),
  });
  return {
    async keysOf(organizationId, incidentId) {
      const incident = await em.findOne(IncidentEntity, { id: incidentId, organization: organizationId }, { ...unscoped, fields: ['id'] });
      return incident ? incidentAlertKeys(em, organizationId, incidentId) : undefined;
    },
    transaction: organizationTransaction(em, unit),
  };
}
