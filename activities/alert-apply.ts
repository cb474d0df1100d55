import type { AlertTransaction } from '../shared/db/access/alert-transaction.ts';
import type { Alert, Incident } from '../shared/db/entities/index.ts';
import { announceJoinedAlerts, pageAfter } from '../shared/domain/alert-grouping.ts';
import { isMoreSevere } from '../shared/domain/incident.ts';
import type { AlertSignalPayload } from '../shared/domain/ingestion.ts';
import type { Muter, MuteRules } from '../shared/domain/mute-rules.ts';
import { reopenResolved, type KeyApplyOptions, type KeyGroup } from './alert-group-apply.ts';

// The per-key part of ingestion, shared by the per-key workflow's recordAlerts and the bucket
// workflow's recordAlertBatch: what one dedup key's alerts do to its open incident.

function storeAlert(unit: AlertTransaction, signal: AlertSignalPayload, incidentId: string | null, muter: Muter | null = null): void {
  const { alert } = signal;
  unit.insertAlert({
    id: signal.alertId,
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
    receiptKey: signal.receiptKey?.slice(0, 64) ?? null,
    silencedBy: muter?.id ?? null,
    silencedKind: muter?.kind ?? null,
  });
}

/** One timeline entry per rule that muted alerts of an open incident in a batch; no event, so nobody hears of it. */
function recordMuted(unit: AlertTransaction, incident: Incident, muted: Array<{ alertId: string; muter: Muter }>): void {
  const byMuter = new Map<string, { muter: Muter; alertIds: string[] }>();
  for (const { alertId, muter } of muted) {
    const group = byMuter.get(muter.id) ?? { muter, alertIds: [] };
    group.alertIds.push(alertId);
    byMuter.set(muter.id, group);
  }
  for (const { muter, alertIds } of byMuter.values()) {
    const what = muter.kind === 'silence' ? 'silence' : muter.kind === 'inhibition' ? 'inhibition rule' : 'maintenance window';
    unit.addTimelineEntry(incident, {
      type: muter.kind === 'inhibition' ? 'alert_inhibited' : 'alert_silenced',
      message: `${alertIds.length} new alert${alertIds.length === 1 ? '' : 's'} muted by ${what} ${muter.id}`,
      data: { alert_ids: alertIds, silenced_by: muter.id, silenced_kind: muter.kind },
    });
  }
}

function openIncident(unit: AlertTransaction, signal: AlertSignalPayload, id: string | undefined, group: KeyGroup | null): Incident {
  const { alert } = signal;
  const incident = unit.createIncident({
    id,
    title: alert.title.slice(0, 500),
    description: alert.description,
    severity: alert.severity,
    source: alert.platform,
    integrationId: signal.integrationId,
    fingerprint: alert.dedupKey,
    labels: alert.labels,
    tags: Object.entries(alert.labels)
      .slice(0, 50)
      .map(([key, value]) => (value ? `${key}:${value}` : key)),
    alertCount: 1,
  });
  if (group) {
    // A new group: one incident for all its alerts, paging once group_wait after the first.
    const receivedAt = new Date(signal.receivedAt);
    incident.groupKey = group.key;
    incident.groupLabels = group.labels;
    incident.pageAfter = pageAfter(receivedAt, group.settings);
    incident.groupIntervalSeconds = group.settings.group_interval_seconds;
    incident.groupNotifiedAt = receivedAt;
    incident.groupNotifiedCount = 1;
  }
  return incident;
}

/** Counts the alert on its incident; true when it raised the incident's severity. */
function appendAlert(unit: AlertTransaction, incident: Incident, signal: AlertSignalPayload): boolean {
  const { alert } = signal;
  incident.alertCount += 1;
  if (!isMoreSevere(alert.severity, incident.severity)) return false;
  unit.addTimelineEntry(incident, {
    type: 'severity_changed',
    message: `Severity raised from ${incident.severity} to ${alert.severity} by a new alert`,
    data: { from: incident.severity, to: alert.severity, alert_id: signal.alertId },
  });
  incident.severity = alert.severity;
  return true;
}

/**
 * Applies the new alerts of one dedup key, in arrival order, to its open incident (locked by the
 * caller, or null): firing ones open or append to it, a resolved one resolves it, a muted one is
 * stored and counted only. Writes go to the unit of work; the caller flushes. Each alert keeps its
 * `alert.received` event and timeline entry; the alerts appended to an incident share one
 * `incident.updated` event listing them. Returns the incident open after the last alert.
 */
export async function applyKeyAlerts(
  unit: AlertTransaction,
  rules: MuteRules,
  fresh: readonly AlertSignalPayload[],
  open: Incident | null,
  newIncidentId?: string,
  options: KeyApplyOptions = {},
): Promise<{ incident: Incident | null; created: boolean }> {
  let incident = open;
  let created = false;
  let appended: string[] = [];
  let severityRaised = false;
  let resolvedUnflushed = false;
  let muted: Array<{ alertId: string; muter: Muter }> = [];
  // One `incident.updated` per incident and batch, once its count and severity are final.
  const closeUpdate = () => {
    // The clock read under the incident's lock: announcements keep their interval in commit order.
    if (incident && appended.length > 0) announce(unit, incident, appended, new Date(), severityRaised);
    if (incident && muted.length > 0) recordMuted(unit, incident, muted);
    appended = [];
    severityRaised = false;
    muted = [];
  };
  for (const signal of fresh) {
    const { alert } = signal;
    const muter =
      alert.status === 'firing'
        ? rules.mutedBy(
            { labels: alert.labels, severity: alert.severity, platform: alert.platform, integrationId: signal.integrationId },
            new Date(signal.receivedAt),
          )
        : null;
    if (muter) {
      // Stored and counted, but it opens nothing, changes nothing and tells no one.
      storeAlert(unit, signal, incident?.id ?? null, muter);
      if (incident) muted.push({ alertId: signal.alertId, muter });
    } else if (alert.status === 'firing') {
      if (!incident) {
        // A resolve earlier in this batch must reach the database before the new incident
        // does, or the partial unique index on open incidents would refuse the insert.
        if (resolvedUnflushed) await unit.flush();
        resolvedUnflushed = false;
        // A key whose incident resolved within its integration's reopen window reopens it.
        const reopened = options.reopen ? await reopenResolved(unit, options.reopen, options.now ?? new Date()) : null;
        if (reopened) {
          incident = reopened;
          severityRaised = appendAlert(unit, incident, signal) || severityRaised;
          appended.push(signal.alertId);
        } else {
          incident = openIncident(unit, signal, created ? undefined : newIncidentId, options.group ?? null);
          created = true;
        }
      } else {
        severityRaised = appendAlert(unit, incident, signal) || severityRaised;
        appended.push(signal.alertId);
      }
      unit.addTimelineEntry(incident, {
        type: 'alert',
        message: `Alert received: ${alert.title.slice(0, 200)}`,
        data: { alert_id: signal.alertId, external_id: alert.externalId, severity: alert.severity },
      });
      unit.recordEvent(incident, 'alert.received', { alert_id: signal.alertId, external_id: alert.externalId });
      storeAlert(unit, signal, incident.id);
    } else if (incident && options.mergedKey) {
      storeAlert(unit, signal, incident.id);
      unit.addTimelineEntry(incident, {
        type: 'alert_resolved',
        message: `Alert resolved: ${alert.title.slice(0, 200)} (of a merged incident)`,
        data: { alert_id: signal.alertId, dedup_key: alert.dedupKey },
      });
    } else if (incident?.groupKey && options.firingKeysOf) {
      // A grouped incident resolves once none of its alert keys still fires.
      closeUpdate();
      await unit.flush();
      const firing = await options.firingKeysOf(incident);
      const member = firing.has(alert.dedupKey) || incident.fingerprint === alert.dedupKey;
      firing.delete(alert.dedupKey);
      if (!member) storeAlert(unit, signal, null);
      else if (firing.size > 0) {
        storeAlert(unit, signal, incident.id);
        unit.addTimelineEntry(incident, {
          type: 'alert_resolved',
          message: `Alert resolved: ${alert.title.slice(0, 200)} (${firing.size} still firing)`,
          data: { alert_id: signal.alertId, dedup_key: alert.dedupKey, still_firing: firing.size },
        });
      } else {
        unit.changeStatus(incident, 'resolved', {
          type: 'resolved_by_alert',
          message: `Resolved by a ${alert.platform} alert: every alert of the group resolved`,
          data: { alert_id: signal.alertId },
        });
        resolvedUnflushed = true;
        storeAlert(unit, signal, incident.id);
        incident = null;
      }
    } else {
      closeUpdate();
      if (incident) {
        unit.changeStatus(incident, 'resolved', {
          type: 'resolved_by_alert',
          message: `Resolved by a ${alert.platform} alert`,
          data: { alert_id: signal.alertId },
        });
        resolvedUnflushed = true;
      }
      storeAlert(unit, signal, incident?.id ?? null);
      incident = null;
    }
  }
  closeUpdate();
  return { incident, created };
}

/**
 * The `incident.updated` naming alerts that joined an incident, and whether they raised its
 * severity (the one field of its search document they can change). A grouped incident announces
 * them at most once per group_interval (the alerts joined since its last announcement); they never
 * page.
 */
function announce(unit: AlertTransaction, incident: Incident, appended: string[], now: Date, severityRaised: boolean): void {
  const raised = severityRaised ? { severity_raised: true } : {};
  if (!incident.groupKey) {
    unit.recordEvent(incident, 'incident.updated', { alert_ids: appended, alert_id: appended.at(-1), ...raised });
    return;
  }
  const last = incident.groupNotifiedAt ?? incident.createdAt;
  if (!announceJoinedAlerts(last, incident.groupIntervalSeconds ?? 0, now)) return;
  unit.recordEvent(incident, 'incident.updated', {
    alert_ids: appended,
    alert_id: appended.at(-1),
    joined_alerts: incident.alertCount - incident.groupNotifiedCount,
    ...raised,
  });
  incident.groupNotifiedAt = now;
  incident.groupNotifiedCount = incident.alertCount;
}

/** A stored alert as the signal that brought it (what opening an incident reads), received `at`. */
function signalOfStored(row: Alert, organizationId: string, at: Date): AlertSignalPayload {
  return {
    alertId: row.id,
    organizationId,
    integrationId: row.integrationId,
    receivedAt: at.toISOString(),
    alert: {
      platform: row.platform,
      externalId: row.externalId ?? null,
      dedupKey: row.dedupKey,
      title: row.title,
      description: null,
      severity: row.severity,
      status: row.status,
      source: row.platform,
      host: row.host ?? null,
      service: null,
      labels: row.labels,
      links: row.links as AlertSignalPayload['alert']['links'],
      occurredAt: row.occurredAt?.toISOString() ?? null,
      raw: row.raw,
    },
  };
}

/**
 * An inhibited alert still firing once nothing inhibits it: it joins its key's (or group's) open
 * incident, or opens its own, as if it arrived now; the timeline says which rule held it back.
 */
export function releaseInhibitedAlert(
  unit: AlertTransaction,
  row: Alert,
  open: Incident | null,
  group: KeyGroup | null,
  now: Date,
): { incident: Incident; created: boolean } {
  const signal = signalOfStored(row, unit.organizationId, now);
  const ruleId = row.silencedBy;
  row.silencedBy = null;
  row.silencedKind = null;
  const incident = open ?? openIncident(unit, signal, undefined, group);
  if (open) {
    const severityRaised = appendAlert(unit, open, signal);
    announce(unit, open, [row.id], now, severityRaised);
  }
  row.incidentId = incident.id;
  unit.addTimelineEntry(incident, {
    type: 'alert',
    message: `Alert received: ${row.title.slice(0, 200)} (no longer inhibited)`,
    data: { alert_id: row.id, external_id: row.externalId, severity: row.severity, inhibited_by_rule: ruleId },
  });
  unit.recordEvent(incident, 'alert.received', { alert_id: row.id, external_id: row.externalId });
  return { incident, created: !open };
}
