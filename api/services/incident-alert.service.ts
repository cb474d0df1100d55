import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { incidentAlertKeys, moveKeyAlerts } from '../../shared/db/access/alert-groups.ts';
import { addTimelineEntry, createIncident } from '../../shared/db/access/incidents.ts';
import { AlertEntity, IncidentEntity } from '../../shared/db/entities/index.ts';
import { ConflictError, NotFoundError } from '../../shared/errors.ts';
import type { AuthContext } from '../auth-context.ts';
import type { IncidentAlertView } from '../schemas/incident-alert.schemas.ts';

export type IncidentAlertService = ReturnType<typeof createIncidentAlertService>;

const iso = (value: string | Date) => new Date(value).toISOString();

/** The alerts of an incident (one entry per dedup key), and ungrouping one key into its own incident. */
export function createIncidentAlertService(deps: { em: () => EntityManager }) {
  const listOf = async (em: EntityManager, organizationId: string, incidentId: string): Promise<IncidentAlertView[]> =>
    (await incidentAlertKeys(em, organizationId, incidentId)).map((row) => ({
      dedup_key: row.dedup_key,
      status: row.status as IncidentAlertView['status'],
      title: row.title,
      labels: row.labels,
      silenced_kind: row.silenced_kind as IncidentAlertView['silenced_kind'],
      alert_count: row.alerts,
      last_received_at: iso(row.last_received_at),
    }));

  return {
    async list(auth: AuthContext, incidentId: string) {
      const em = deps.em();
      if (!(await em.findOne(IncidentEntity, { id: incidentId }, { fields: ['id'] }))) throw new NotFoundError('Incident');
      return listOf(em, auth.organizationId, incidentId);
    },

    /**
     * Moves one key's alerts out of an open grouped incident into a new incident of their own, which
     * pages as any new incident does; the key's later alerts go to it. 409 when the incident is
     * resolved, not grouped, or holds no other key.
     */
    async ungroup(auth: AuthContext, incidentId: string, dedupKey: string) {
      return deps.em().transactional(async (em) => {
        const incident = await em.findOne(IncidentEntity, { id: incidentId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        if (!incident) throw new NotFoundError('Incident');
        if (!incident.groupKey) throw new ConflictError('Only an incident opened by an alert group can be ungrouped');
        if (incident.status === 'resolved') throw new ConflictError('The incident is resolved');
        const keys = await incidentAlertKeys(em, auth.organizationId, incident.id);
        const key = keys.find((row) => row.dedup_key === dedupKey);
        if (!key) throw new NotFoundError('Alert of this incident');
        if (keys.length < 2) throw new ConflictError('The incident holds no other alert');
        const latest = await em.findOneOrFail(
          AlertEntity,
          { incidentId: incident.id, dedupKey },
          { orderBy: { receivedAt: 'desc', id: 'desc' } },
        );
        // The key may have opened the group: its fingerprint moves with it (one open incident per key).
        if (incident.fingerprint === dedupKey) {
          incident.fingerprint = null;
          await em.flush();
        }
        const own = createIncident(em, {
          organizationId: auth.organizationId,
          title: latest.title,
          severity: latest.severity,
          source: latest.platform,
          integrationId: latest.integrationId,
          fingerprint: dedupKey,
          labels: latest.labels,
          tags: Object.entries(latest.labels)
            .slice(0, 50)
            .map(([name, value]) => (value ? `${name}:${value}` : name)),
          actorId: auth.userId,
        });
        await em.flush();
        const moved = await moveKeyAlerts(em, auth.organizationId, { fromIncidentId: incident.id, toIncidentId: own.id, dedupKey });
        own.alertCount = moved;
        incident.alertCount = Math.max(0, incident.alertCount - moved);
        addTimelineEntry(em, incident, {
          type: 'alert_ungrouped',
          message: `Alert ${dedupKey} moved to its own incident`,
          actorId: auth.userId,
          data: { dedup_key: dedupKey, incident_id: own.id, alerts: moved },
        });
        addTimelineEntry(em, own, {
          type: 'alert_ungrouped',
          message: `Ungrouped from incident ${incident.id}`,
          actorId: auth.userId,
          data: { dedup_key: dedupKey, from_incident_id: incident.id, alerts: moved },
        });
        await em.flush();
        return { incident_id: own.id, from_incident_id: incident.id, dedup_key: dedupKey, alert_count: moved };
      });
    },
  };
}
