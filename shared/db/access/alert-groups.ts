import type { EntityManager } from '@mikro-orm/core';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/postgresql';
import type { GroupingSettings } from '../../domain/alert-grouping.ts';
import type { FlappingSettings } from '../../domain/flapping.ts';
import type { InhibitionAlert, InhibitionRuleDefinition } from '../../domain/inhibition.ts';
import type { Matcher } from '../../domain/matchers.ts';

// Reads of alert grouping, inhibition and flap detection for the ingestion activity; each matches
// the organization explicitly (raw SQL bypasses the tenant filter).

const sql = (em: EntityManager) => em as unknown as SqlEntityManager;

/** The organization's integrations that group alerts, detect flapping or reopen resolved incidents, with their settings. */
export async function groupingIntegrations(
  em: EntityManager,
  organizationId: string,
): Promise<
  Array<{ id: string; grouping: GroupingSettings | null; flapping: FlappingSettings | null; reopen_window_minutes: number | null }>
> {
  return sql(em).execute(
    `select id, grouping, flapping, reopen_window_minutes from integrations
     where organization_id = ? and (grouping is not null or flapping is not null or reopen_window_minutes is not null)`,
    [organizationId],
  );
}

/** The organization's enabled inhibition rules, oldest first. */
export async function enabledInhibitionRules(em: EntityManager, organizationId: string): Promise<InhibitionRuleDefinition[]> {
  const rows = await sql(em).execute<Array<{ id: string; source_matchers: Matcher[]; target_matchers: Matcher[]; equal: string[] }>>(
    `select id, source_matchers, target_matchers, equal from inhibition_rules
     where organization_id = ? and enabled order by created_at, id`,
    [organizationId],
  );
  return rows.map((row) => ({
    id: row.id,
    sourceMatchers: row.source_matchers,
    targetMatchers: row.target_matchers,
    equal: row.equal,
    enabled: true,
  }));
}

type AlertRow = { dedup_key: string; labels: Record<string, string>; severity: string; platform: string; integration_id: string };
const toInhibitionAlert = (row: AlertRow): InhibitionAlert => ({
  key: row.dedup_key,
  labels: row.labels,
  severity: row.severity,
  platform: row.platform,
  integrationId: row.integration_id,
});

/**
 * The firing alerts that may inhibit others: per dedup key, the latest alert of each open incident
 * when it is firing and not itself muted.
 */
export async function firingSourceAlerts(em: EntityManager, organizationId: string): Promise<InhibitionAlert[]> {
  const rows = await sql(em).execute<Array<AlertRow & { status: string; silenced_kind: string | null }>>(
    `select distinct on (a.dedup_key) a.dedup_key, a.labels, a.severity, a.platform, a.integration_id, a.status, a.silenced_kind
     from alerts a join incidents i on i.id = a.incident_id and i.organization_id = a.organization_id
     where a.organization_id = ? and i.status <> 'resolved'
     order by a.dedup_key, a.received_at desc, a.id desc`,
    [organizationId],
  );
  return rows.filter((row) => row.status === 'firing' && row.silenced_kind === null).map(toInhibitionAlert);
}

/** Inhibited alerts still firing (the latest alert of their key, received within `sinceMs`): what a resolving source may release. */
export async function inhibitedFiringAlerts(
  em: EntityManager,
  organizationId: string,
  since: Date,
): Promise<Array<InhibitionAlert & { alertId: string }>> {
  const rows = await sql(em).execute<Array<AlertRow & { id: string; status: string; silenced_kind: string | null }>>(
    `select * from (
       select distinct on (a.dedup_key) a.id, a.dedup_key, a.labels, a.severity, a.platform, a.integration_id, a.status, a.silenced_kind
       from alerts a
       where a.organization_id = ? and a.received_at >= ?
         and a.dedup_key in (select distinct dedup_key from alerts where organization_id = ? and silenced_kind = 'inhibition' and received_at >= ?)
       order by a.dedup_key, a.received_at desc, a.id desc) latest
     where latest.status = 'firing' and latest.silenced_kind = 'inhibition'`,
    [organizationId, since, organizationId, since],
  );
  return rows.map((row) => ({ ...toInhibitionAlert(row), alertId: row.id }));
}

/** The dedup keys of an incident's alerts whose latest alert is firing and not muted. */
export async function firingKeysOfIncident(em: EntityManager, organizationId: string, incidentId: string): Promise<Set<string>> {
  const rows = await sql(em).execute<Array<{ dedup_key: string; status: string; silenced_kind: string | null }>>(
    `select distinct on (dedup_key) dedup_key, status, silenced_kind from alerts
     where organization_id = ? and incident_id = ? order by dedup_key, received_at desc, id desc`,
    [organizationId, incidentId],
  );
  return new Set(rows.filter((row) => row.status === 'firing' && row.silenced_kind === null).map((row) => row.dedup_key));
}

/** The latest resolved incident of a dedup key or group key (flap detection reopens it), or undefined; a merged one stays merged. */
export async function lastResolvedIncidentId(
  em: EntityManager,
  organizationId: string,
  key: { fingerprint: string; groupKey: string | null },
): Promise<string | undefined> {
  const [row] = await sql(em).execute<Array<{ id: string }>>(
    key.groupKey
      ? `select id from incidents where organization_id = ? and status = 'resolved' and group_key = ? and merged_into_id is null order by resolved_at desc limit 1`
      : `select id from incidents where organization_id = ? and status = 'resolved' and fingerprint = ? and merged_into_id is null order by resolved_at desc limit 1`,
    [organizationId, key.groupKey ?? key.fingerprint],
  );
  return row?.id;
}

/** The alerts of one incident, one row per dedup key: its latest alert's status, labels and how many it sent. */
export async function incidentAlertKeys(
  em: EntityManager,
  organizationId: string,
  incidentId: string,
): Promise<
  Array<{
    dedup_key: string;
    status: string;
    title: string;
    labels: Record<string, string>;
    silenced_kind: string | null;
    alerts: number;
    last_received_at: string | Date;
  }>
> {
  return sql(em).execute(
    `select distinct on (dedup_key) dedup_key, status, title, labels, silenced_kind,
       count(*) over (partition by dedup_key)::int as alerts, received_at as last_received_at
     from alerts where organization_id = ? and incident_id = ?
     order by dedup_key, received_at desc, id desc`,
    [organizationId, incidentId],
  );
}

/** Moves one dedup key's alerts from an incident to another; returns how many moved. */
export async function moveKeyAlerts(
  em: EntityManager,
  organizationId: string,
  move: { fromIncidentId: string; toIncidentId: string; dedupKey: string },
): Promise<number> {
  const rows = await sql(em).execute<Array<{ id: string }>>(
    `update alerts set incident_id = ? where organization_id = ? and incident_id = ? and dedup_key = ? returning id`,
    [move.toIncidentId, organizationId, move.fromIncidentId, move.dedupKey],
  );
  return rows.length;
}
