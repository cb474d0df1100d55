import type { EntityManager } from '@mikro-orm/core';
import type { SilenceState } from '../../domain/silence.ts';
import { AlertEntity, IncidentEntity, SilenceEntity, type Alert, type Incident, type Silence } from '../entities/index.ts';
import { unscoped } from '../tenant-filter.ts';

/** A silence as stored. */
export type SilenceRecord = Pick<Silence, 'id' | 'matchers' | 'startsAt' | 'endsAt' | 'comment' | 'createdAt' | 'updatedAt'> & {
  createdById: string | null;
  updatedById: string | null;
};

export type SilenceFields = Pick<SilenceRecord, 'matchers' | 'startsAt' | 'endsAt' | 'comment' | 'updatedById'>;

/** An alert without its raw payload: what a silence's muted alerts and a preview show. */
export type AlertSummaryRecord = Pick<
  Alert,
  | 'id'
  | 'incidentId'
  | 'integrationId'
  | 'platform'
  | 'title'
  | 'severity'
  | 'status'
  | 'labels'
  | 'receivedAt'
  | 'silencedBy'
  | 'silencedKind'
>;

/** An open incident as a preview matches it (its first alert's labels, severity, source, integration). */
export type PreviewIncidentRecord = Pick<
  Incident,
  'id' | 'title' | 'status' | 'severity' | 'source' | 'labels' | 'integrationId' | 'fingerprint' | 'createdAt'
>;

/** Every read and write is confined to the organization given. */
export interface SilenceStore {
  /** Newest first; `state` as silenceState judges it at `at`. */
  list(
    organizationId: string,
    page: { limit: number; offset: number; state?: SilenceState; at: Date },
  ): Promise<{ items: SilenceRecord[]; total: number }>;
  find(organizationId: string, id: string): Promise<SilenceRecord | undefined>;
  /** Pending or active at `at`. */
  countUnexpired(organizationId: string, at: Date): Promise<number>;
  insert(organizationId: string, fields: SilenceFields & { createdById: string | null }): Promise<SilenceRecord>;
  update(organizationId: string, id: string, changes: Partial<SilenceFields>): Promise<SilenceRecord | undefined>;
  /** The alerts the silence muted, newest first. */
  mutedAlerts(
    organizationId: string,
    silenceId: string,
    page: { limit: number; offset: number },
  ): Promise<{ items: AlertSummaryRecord[]; total: number }>;
  /** The newest `limit` incidents not resolved. */
  newestOpenIncidents(organizationId: string, limit: number): Promise<PreviewIncidentRecord[]>;
  /** The newest `limit` alerts received since `since`. */
  newestAlertsSince(organizationId: string, since: Date, limit: number): Promise<AlertSummaryRecord[]>;
}

const silenceRecord = (silence: Silence): SilenceRecord => ({
  id: silence.id,
  matchers: silence.matchers,
  startsAt: silence.startsAt,
  endsAt: silence.endsAt,
  comment: silence.comment,
  createdById: silence.createdById ?? null,
  updatedById: silence.updatedById ?? null,
  createdAt: silence.createdAt,
  updatedAt: silence.updatedAt,
});

const alertSummary = (alert: Alert): AlertSummaryRecord => ({
  id: alert.id,
  incidentId: alert.incidentId,
  integrationId: alert.integrationId,
  platform: alert.platform,
  title: alert.title,
  severity: alert.severity,
  status: alert.status,
  labels: alert.labels,
  receivedAt: alert.receivedAt,
  silencedBy: alert.silencedBy,
  silencedKind: alert.silencedKind,
});

const stateWhere = (state: SilenceState | undefined, at: Date) => {
  if (state === 'expired') return { endsAt: { $lte: at } };
  if (state === 'active') return { startsAt: { $lte: at }, endsAt: { $gt: at } };
  if (state === 'pending') return { startsAt: { $gt: at } };
  return {};
};

/** Organizations' silences (`silences`) and what they mute; workers reload them on every write (NOTIFY). */
export function createSilenceStore(em: EntityManager): SilenceStore {
  const findEntity = (organizationId: string, id: string) => em.findOne(SilenceEntity, { id, organization: organizationId }, unscoped);
  return {
    async list(organizationId, page) {
      const [items, total] = await em.findAndCount(
        SilenceEntity,
        { organization: organizationId, ...stateWhere(page.state, page.at) },
        { ...unscoped, orderBy: { createdAt: 'desc', id: 'desc' }, limit: page.limit, offset: page.offset },
      );
      return { items: items.map(silenceRecord), total };
    },

    async find(organizationId, id) {
      const silence = await findEntity(organizationId, id);
      return silence ? silenceRecord(silence) : undefined;
    },

    countUnexpired: (organizationId, at) => em.count(SilenceEntity, { organization: organizationId, endsAt: { $gt: at } }, unscoped),

    async insert(organizationId, fields) {
      const silence = em.create(SilenceEntity, { organization: organizationId, ...fields });
      await em.flush();
      return silenceRecord(silence);
    },

    async update(organizationId, id, changes) {
      const silence = await findEntity(organizationId, id);
      if (!silence) return undefined;
      for (const [key, value] of Object.entries(changes)) if (value !== undefined) Object.assign(silence, { [key]: value });
      await em.flush();
      return silenceRecord(silence);
    },

    async mutedAlerts(organizationId, silenceId, page) {
      const [items, total] = await em.findAndCount(
        AlertEntity,
        { organization: organizationId, silencedBy: silenceId },
        { ...unscoped, orderBy: { receivedAt: 'desc', id: 'desc' }, limit: page.limit, offset: page.offset, exclude: ['raw'] },
      );
      return { items: items.map((alert) => alertSummary(alert as Alert)), total };
    },

    async newestOpenIncidents(organizationId, limit) {
      const incidents = await em.find(
        IncidentEntity,
        { organization: organizationId, status: { $ne: 'resolved' } },
        { ...unscoped, orderBy: { createdAt: 'desc' }, limit },
      );
      return incidents.map((incident) => ({
        id: incident.id,
        title: incident.title,
        status: incident.status,
        severity: incident.severity,
        source: incident.source,
        labels: incident.labels,
        integrationId: incident.integrationId,
        fingerprint: incident.fingerprint,
        createdAt: incident.createdAt,
      }));
    },

    async newestAlertsSince(organizationId, since, limit) {
      const alerts = await em.find(
        AlertEntity,
        { organization: organizationId, receivedAt: { $gte: since } },
        { ...unscoped, orderBy: { receivedAt: 'desc', id: 'desc' }, limit, exclude: ['raw'] },
      );
      return alerts.map((alert) => alertSummary(alert as Alert));
    },
  };
}
