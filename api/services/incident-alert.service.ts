import type { IncidentAlertKey, IncidentAlertStore } from '../../shared/db/access/incident-alerts.ts';
import { isoTimestamp as iso } from '../../shared/db/sql-timestamp.ts';
import { ConflictError, NotFoundError } from '../../shared/errors.ts';
import type { AuthContext } from '../auth-context.ts';
import type { IncidentAlertView } from '../schemas/incident-alert.schemas.ts';

export type IncidentAlertService = ReturnType<typeof createIncidentAlertService>;

const alertView = (row: IncidentAlertKey): IncidentAlertView => ({
  dedup_key: row.dedup_key,
  status: row.status as IncidentAlertView['status'],
  title: row.title,
  labels: row.labels,
  silenced_kind: row.silenced_kind as IncidentAlertView['silenced_kind'],
  alert_count: row.alerts,
  last_received_at: iso(row.last_received_at),
});

/** The alerts of an incident (one entry per dedup key), and ungrouping one key into its own incident. */
export function createIncidentAlertService(deps: { alerts: () => IncidentAlertStore }) {
  return {
    async list(auth: AuthContext, incidentId: string) {
      const keys = await deps.alerts().keysOf(auth.organizationId, incidentId);
      if (!keys) throw new NotFoundError('Incident');
      return keys.map(alertView);
    },

    /**
     * Moves one key's alerts out of an open grouped incident into a new incident of their own, which
     * pages as any new incident does; the key's later alerts go to it. 409 when the incident is
     * resolved, not grouped, or holds no other key.
     */
    async ungroup(auth: AuthContext, incidentId: string, dedupKey: string) {
      return deps.alerts().transaction(auth.organizationId, async (unit) => {
        const incident = await unit.lockIncident(incidentId);
        if (!incident) throw new NotFoundError('Incident');
        if (!incident.groupKey) throw new ConflictError('Only an incident opened by an alert group can be ungrouped');
        if (incident.status === 'resolved') throw new ConflictError('The incident is resolved');
        const keys = await unit.keysOf(incident.id);
        const key = keys.find((row) => row.dedup_key === dedupKey);
        if (!key) throw new NotFoundError('Alert of this incident');
        if (keys.length < 2) throw new ConflictError('The incident holds no other alert');
        const latest = await unit.latestAlertOfKey(incident.id, dedupKey);
        // The key may have opened the group: its fingerprint moves with it (one open incident per key).
        if (incident.fingerprint === dedupKey) await unit.releaseFingerprint(incident);
        const own = await unit.createIncident({
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
        const moved = await unit.moveKeyAlerts({ fromIncidentId: incident.id, toIncidentId: own.id, dedupKey });
        own.alertCount = moved;
        incident.alertCount = Math.max(0, incident.alertCount - moved);
        unit.addTimelineEntry(incident, {
          type: 'alert_ungrouped',
          message: `Alert ${dedupKey} moved to its own incident`,
          actorId: auth.userId,
          data: { dedup_key: dedupKey, incident_id: own.id, alerts: moved },
        });
        unit.addTimelineEntry(own, {
          type: 'alert_ungrouped',
          message: `Ungrouped from incident ${incident.id}`,
          actorId: auth.userId,
          data: { dedup_key: dedupKey, from_incident_id: incident.id, alerts: moved },
        });
        return { incident_id: own.id, from_incident_id: incident.id, dedup_key: dedupKey, alert_count: moved };
      });
    },
  };
}
