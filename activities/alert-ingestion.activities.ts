import type { AlertTransaction, AlertTransactionStore } from '../shared/db/access/alert-transaction.ts';
import type { Incident } from '../shared/db/entities/index.ts';
import { applyKeyAlerts } from './alert-apply.ts';
import type { AlertSignalPayload, AutoResolveResult, IngestionResult } from '../shared/domain/ingestion.ts';
import { readSettings } from '../shared/domain/organization-settings.ts';
import type { IntegrationLiveness } from '../shared/db/integration-liveness.ts';
import type { MuteRulesCache } from '../shared/db/mute-rules-cache.ts';

export interface AlertIngestionActivityDeps {
  /** The alert transaction's database side: locks, alerts, incidents and their events. */
  alertTransactions: AlertTransactionStore;
  integrationLiveness: Pick<IntegrationLiveness, 'record'>;
  /** Active silences and maintenance windows, cached per organization. */
  muteRules: Pick<MuteRulesCache, 'forOrganization'>;
}

/**
 * The open incident of the dedup key, locked until commit: the workflow's own unless someone
 * resolved it meanwhile, else any open one with the key (at most one, by the partial unique index),
 * else the open incident the key's incident was merged into (`merged`).
 * The lock serialises the rare writers beside this workflow (another integration sending the same
 * key, a PATCH), so alert_count is never lost to a concurrent update.
 */
async function lockOpenIncident(
  unit: AlertTransaction,
  dedupKey: string,
  incidentId: string | null,
): Promise<{ incident: Incident | null; merged: boolean }> {
  // A key of an incident merged into another leads to that target while it is open.
  const open = await unit.lockOpenIncidentsOfKey(dedupKey, incidentId);
  // Anything else found is a merge's target (the latest, should the key have been merged twice).
  const incident =
    open.find((candidate) => candidate.id === incidentId) ??
    open.find((candidate) => candidate.fingerprint === dedupKey) ??
    open.sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())[0] ??
    null;
  // The workflow's incident may be the target already (an earlier alert of the key joined it).
  return { incident, merged: incident !== null && incident.fingerprint !== dedupKey };
}

/** What a batch already applied did: the incident open after its last alert. */
function resultOfSeen(signals: AlertSignalPayload[], seen: Map<string, string | null>): IngestionResult {
  const last = signals.at(-1) as AlertSignalPayload;
  return { incidentId: last.alert.status === 'resolved' ? null : (seen.get(last.alertId) ?? null) };
}

/**
 * The only writer of alert-driven incident changes: applies a batch of alerts of one dedup key,
 * in arrival order, in one transaction keyed by the alerts' receipt ids, so a retried or re-run
 * activity skips the alerts it finds stored and returns what it did before. A batch costs a
 * constant number of statements, whatever its size: one read of the seen ids, one locked read of
 * the open incident, then one insert per table (incidents, alerts, timeline, domain events) and one
 * incident update at commit. Each alert keeps its `alert.received` event and timeline entry; the
 * alerts appended to an incident share one `incident.updated` event listing them.
 */
export function createAlertIngestionActivities(deps: AlertIngestionActivityDeps) {
  return {
    /** Alerts of one dedup key: firing ones open or append to the incident, a resolved one resolves it. */
    async recordAlerts(input: {
      signals: AlertSignalPayload[];
      incidentId: string | null;
      /** The id for an incident this batch opens (the workflow's search attribute already names it); else a new one. */
      newIncidentId?: string;
    }): Promise<IngestionResult & { created: boolean; autoResolveAfterMs?: number | null }> {
      const { signals } = input;
      const first = signals[0];
      if (!first) return { incidentId: input.incidentId, created: false };
      // From memory while the worker's cache listens for changes: no statement per alert.
      const rules = await deps.muteRules.forOrganization(first.organizationId);
      const result = await deps.alertTransactions.transaction(first.organizationId, async (unit) => {
        const rows = await unit.storedAlertIncidents(signals.map((signal) => signal.alertId));
        const seen = new Map(rows.map((row) => [row.id, row.incidentId ?? null]));
        const fresh = signals.filter((signal) => !seen.has(signal.alertId));
        if (fresh.length === 0) return { ...resultOfSeen(signals, seen), created: false };

        const open = await lockOpenIncident(unit, first.alert.dedupKey, input.incidentId);
        const { incident, created } = await applyKeyAlerts(
          unit,
          rules,
          fresh,
          open.incident,
          input.newIncidentId,
          open.merged ? { mergedKey: true } : {},
        );
        return { incidentId: incident?.id ?? null, created };
      });
      const latest = signals.reduce((max, signal) => (signal.receivedAt > max ? signal.receivedAt : max), first.receivedAt);
      deps.integrationLiveness.record(first.organizationId, first.integrationId, new Date(latest));
      if (!result.created) return result;
      // Only for a new incident, so one statement per incident rather than per batch.
      const settings = await deps.alertTransactions.organizationSettings(first.organizationId);
      const hours = readSettings(settings).auto_resolve_after_hours;
      return { ...result, autoResolveAfterMs: hours === null ? null : Math.round(hours * 3_600_000) };
    },

    /**
     * Resolves an alert-opened incident no alert has reached for `afterMs`, unless it is closed
     * already; when an alert reached it more recently (through another integration's workflow with
     * the same dedup key), says how long is left instead.
     */
    async autoResolveIncident(input: { organizationId: string; incidentId: string; afterMs: number }): Promise<AutoResolveResult> {
      return deps.alertTransactions.transaction(input.organizationId, async (unit) => {
        const incident = await unit.lockIncident(input.incidentId);
        if (!incident || incident.status === 'resolved') return { resolved: true };
        const lastAlertAt = await unit.lastAlertReceivedAt(incident.id);
        const idleSince = (lastAlertAt ?? incident.createdAt).getTime();
        const waitMs = idleSince + input.afterMs - Date.now();
        if (waitMs > 0) return { resolved: false, waitMs };
        unit.changeStatus(incident, 'resolved', {
          message: `Resolved automatically: no new alert for ${+(input.afterMs / 3_600_000).toFixed(3)} h`,
          data: { auto_resolved: true, after_ms: input.afterMs },
        });
        return { resolved: true };
      });
    },
  };
}
