import type { EntityManager } from '@mikro-orm/core';
import { AlertSchema, IncidentSchema, IntegrationSchema, type Incident } from '../shared/db/entities/index.ts';
import type { Orm } from '../shared/db/orm.ts';
import { addTimelineEntry, changeIncidentStatus, createIncident, recordDomainEvent } from '../shared/db/repositories/incident-writes.ts';
import { forkForOrganization } from '../shared/db/tenant-filter.ts';
import { isMoreSevere } from '../shared/domain/incident.ts';
import type { AlertSignalPayload, IngestionResult } from '../shared/domain/ingestion.ts';
import type { Severity } from '../shared/domain/alert.ts';

export interface AlertIngestionActivityDeps {
  orm: Orm;
}

function storeAlert(em: EntityManager, signal: AlertSignalPayload, incidentId: string | null): void {
  const { alert } = signal;
  em.create(AlertSchema, {
    id: signal.alertId,
    organization: signal.organizationId,
    integrationId: signal.integrationId,
    incidentId,
    platform: alert.platform,
    externalId: alert.externalId,
    dedupKey: alert.dedupKey,
    title: alert.title.slice(0, 500),
    severity: alert.severity,
    status: alert.status,
    host: alert.host?.slice(0, 500) ?? null,
    labels: alert.labels,
    links: alert.links as Record<string, string>,
    raw: alert.raw ?? null,
    occurredAt: alert.occurredAt ? new Date(alert.occurredAt) : null,
    receivedAt: new Date(signal.receivedAt),
  });
}

async function openIncidentFor(em: EntityManager, signal: AlertSignalPayload, incidentId: string | null): Promise<Incident | null> {
  // The workflow's incident, unless someone resolved it meanwhile; else any open one with this key.
  const byId = incidentId ? await em.findOne(IncidentSchema, { id: incidentId, status: { $ne: 'resolved' } }) : null;
  return byId ?? (await em.findOne(IncidentSchema, { fingerprint: signal.alert.dedupKey, status: { $ne: 'resolved' } }));
}

/**
 * The only writers of alert-driven incident changes. Each is one transaction keyed by the alert's
 * receipt id: a retried or replayed activity finds its alert row and returns what it did before.
 */
export function createAlertIngestionActivities(deps: AlertIngestionActivityDeps) {
  return {
    /** A firing alert: opens an incident, or appends to the open one with the same dedup key. */
    async recordFiringAlert(input: { signal: AlertSignalPayload; incidentId: string | null }): Promise<IngestionResult & { created: boolean }> {
      const { signal } = input;
      return forkForOrganization(deps.orm, signal.organizationId).transactional(async (em) => {
        const seen = await em.findOne(AlertSchema, { id: signal.alertId });
        if (seen) return { incidentId: seen.incidentId ?? null, created: false };
        const { alert } = signal;
        let incident = await openIncidentFor(em, signal, input.incidentId);
        const created = incident === null;
        if (!incident) {
          incident = createIncident(em, {
            organizationId: signal.organizationId,
            title: alert.title.slice(0, 500),
            description: alert.description,
            severity: alert.severity,
            source: alert.platform,
            integrationId: signal.integrationId,
            fingerprint: alert.dedupKey,
            labels: alert.labels,
            tags: Object.entries(alert.labels).slice(0, 50).map(([key, value]) => (value ? `${key}:${value}` : key)),
            alertCount: 1,
          });
        } else {
          incident.alertCount += 1;
          if (isMoreSevere(alert.severity, incident.severity as Severity)) {
            addTimelineEntry(em, incident, {
              type: 'severity_changed',
              message: `Severity raised from ${incident.severity} to ${alert.severity} by a new alert`,
              data: { from: incident.severity, to: alert.severity, alert_id: signal.alertId },
            });
            incident.severity = alert.severity;
          }
          recordDomainEvent(em, incident, 'incident.updated', { alert_id: signal.alertId });
        }
        addTimelineEntry(em, incident, {
          type: 'alert',
          message: `Alert received: ${alert.title.slice(0, 200)}`,
          data: { alert_id: signal.alertId, external_id: alert.externalId, severity: alert.severity },
        });
        recordDomainEvent(em, incident, 'alert.received', { alert_id: signal.alertId, external_id: alert.externalId });
        storeAlert(em, signal, incident.id);
        await em.nativeUpdate(IntegrationSchema, { id: signal.integrationId }, { lastAlertAt: new Date(), status: 'connected' });
        return { incidentId: incident.id, created };
      });
    },

    /** A resolved alert: resolves the matching open incident; with no match it is only recorded. */
    async recordResolvedAlert(input: { signal: AlertSignalPayload; incidentId: string | null }): Promise<IngestionResult> {
      const { signal } = input;
      return forkForOrganization(deps.orm, signal.organizationId).transactional(async (em) => {
        const seen = await em.findOne(AlertSchema, { id: signal.alertId });
        if (seen) return { incidentId: seen.incidentId ?? null };
        const incident = await openIncidentFor(em, signal, input.incidentId);
        if (incident) {
          changeIncidentStatus(em, incident, 'resolved', {
            type: 'resolved_by_alert',
            message: `Resolved by a ${signal.alert.platform} alert`,
            data: { alert_id: signal.alertId },
          });
        }
        storeAlert(em, signal, incident?.id ?? null);
        await em.nativeUpdate(IntegrationSchema, { id: signal.integrationId }, { lastAlertAt: new Date(), status: 'connected' });
        return { incidentId: incident?.id ?? null };
      });
    },
  };
}
