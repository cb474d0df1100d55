import { randomUUID } from 'node:crypto';
import { createAlertTransactionStore, type AlertTransaction, type NewAlert } from '../../../../shared/db/access/alert-transaction.ts';
import { IncidentEntity, type Incident } from '../../../../shared/db/entities/index.ts';
import { openIncidentsOf } from '../../../../shared/db/access/incident-merges.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

// The ingestion store on real PostgreSQL: two organizations send the same dedup keys, group keys
// and receipt keys; one organization's transaction neither sees, locks nor changes the other's
// incidents, alerts and merges, and what it writes lands in its own organization.
describe('AlertTransactionStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  const integrationId = randomUUID();
  const hourAgo = new Date(Date.now() - 3_600_000);
  const ids = { ourOpen: '', theirOpen: '', theirResolved: '', theirMergeTarget: '', ourAlert: '', theirAlert: '', theirInhibited: '' };
  const store = () => createAlertTransactionStore(db.orm);
  const alertOf = (fields: Partial<NewAlert> & { id: string; incidentId: string | null }): NewAlert => ({
    integrationId,
    platform: 'metrics_alerts',
    externalId: null,
    dedupKey: 'shared-key',
    title: 'Disk full',
    severity: 'high',
    status: 'firing',
    host: null,
    labels: { team: 'db' },
    links: {},
    raw: {},
    occurredAt: null,
    receivedAt: hourAgo,
    receiptKey: 'same-receipt',
    silencedBy: null,
    silencedKind: null,
    ...fields,
  });
  /** An open alert-opened incident of the shared key and group, with one firing alert, as ingestion writes it. */
  const seedOpen = (unit: AlertTransaction, alertId: string): Incident => {
    const incident = unit.createIncident({
      title: 'Disk full',
      severity: 'high',
      source: 'metrics_alerts',
      integrationId,
      fingerprint: 'shared-key',
      alertCount: 1,
    });
    incident.groupKey = 'shared-group';
    unit.insertAlert(alertOf({ id: alertId, incidentId: incident.id }));
    return incident;
  };
  const count = async (table: string, organizationId: string) =>
    (await db.sql<{ n: number }>(`select count(*)::int as n from ${table} where organization_id = ?`, [organizationId]))[0]?.n;

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    ids.ourAlert = randomUUID();
    ids.theirAlert = randomUUID();
    ids.theirInhibited = randomUUID();
    ids.ourOpen = await store().transaction(ours.id, async (unit) => seedOpen(unit, ids.ourAlert).id);
    await store().transaction(theirs.id, async (unit) => {
      ids.theirOpen = seedOpen(unit, ids.theirAlert).id;
      const resolved = unit.createIncident({
        title: 'Old',
        severity: 'low',
        source: 'metrics_alerts',
        integrationId,
        fingerprint: 'shared-key',
      });
      resolved.groupKey = 'shared-group';
      unit.changeStatus(resolved, 'resolved', {});
      ids.theirResolved = resolved.id;
      ids.theirMergeTarget = unit.createIncident({ title: 'Target', severity: 'low', source: 'manual' }).id;
      unit.insertAlert(
        alertOf({
          id: ids.theirInhibited,
          incidentId: null,
          dedupKey: 'inhibited-key',
          silencedBy: randomUUID(),
          silencedKind: 'inhibition',
        }),
      );
    });
    // Their key `merged-key` leads to their target incident.
    const mergeId = randomUUID();
    await db.sql(
      `insert into incident_merges (id, organization_id, target_incident_id, source_incident_id, source_status, alert_ids, merged_at)
       values (?, ?, ?, ?, 'resolved', '[]'::jsonb, now())`,
      [mergeId, theirs.id, ids.theirMergeTarget, ids.theirResolved],
    );
    await db.sql('insert into incident_merge_keys (merge_id, organization_id, dedup_key, target_incident_id) values (?, ?, ?, ?)', [
      mergeId,
      theirs.id,
      'merged-key',
      ids.theirMergeTarget,
    ]);
  });
  afterAll(() => db?.stop());

  it("locks and reads the organization's own incidents only, though keys and groups are the same", async () => {
    await store().transaction(ours.id, async (unit) => {
      const open = await unit.lockOpenIncidents({ keys: ['shared-key', 'merged-key'], groupKeys: ['shared-group'] });
      expect(open.map((incident) => incident.id)).toEqual([ids.ourOpen]);
      expect((await unit.lockOpenIncidentsOfKey('shared-key', ids.theirOpen)).map((incident) => incident.id)).toEqual([ids.ourOpen]);
      expect(await unit.lockOpenIncidentsOfKey('merged-key', null)).toEqual([]);
      expect(await unit.openMergeTargets(['merged-key'])).toEqual(new Map());
      expect((await unit.lockOpenIncidentOfKeyOrGroup('shared-key', 'shared-group'))?.id).toBe(ids.ourOpen);
      expect(await unit.lockIncident(ids.theirOpen)).toBeUndefined();
      expect(await unit.lockResolvedIncident(ids.theirResolved)).toBeNull();
      expect(await unit.lastResolvedIncidentId({ fingerprint: 'shared-key', groupKey: null })).toBeUndefined();
      expect(await unit.lastResolvedIncidentId({ fingerprint: 'shared-key', groupKey: 'shared-group' })).toBeUndefined();
      expect((await unit.lockIdleAlertIncidents(60, 10)).map((incident) => incident.id)).toEqual([ids.ourOpen]);
    });
    // The same questions in their organization find theirs: the seeds are there to be found.
    await store().transaction(theirs.id, async (unit) => {
      expect((await unit.lockOpenIncidentsOfKey('merged-key', null)).map((incident) => incident.id)).toEqual([ids.theirMergeTarget]);
      expect(await unit.openMergeTargets(['merged-key'])).toEqual(new Map([['merged-key', ids.theirMergeTarget]]));
      expect(await unit.lastResolvedIncidentId({ fingerprint: 'shared-key', groupKey: null })).toBe(ids.theirResolved);
      expect((await unit.lockResolvedIncident(ids.theirResolved))?.id).toBe(ids.theirResolved);
    });
  });

  it("locks an outage's incidents by index, reading none of the organization's other open incidents", async () => {
    // 2,000 open incidents, analysed: an OR of keys, groups and merge targets reads each of them.
    const busy = await db.organization('busy');
    const template = await db.incident(busy.id, 'Template');
    await db.sql(
      `insert into incidents
       select (jsonb_populate_record(null::incidents, to_jsonb(t) || jsonb_build_object('id', gen_random_uuid(), 'fingerprint', 'busy-' || n))).*
       from incidents t, generate_series(1, 2000) as n where t.id = ?`,
      [template],
    );
    await db.sql('analyze incidents');
    const read = db
      .em()
      .createQueryBuilder(IncidentEntity, 'i0')
      .select('*')
      .where(openIncidentsOf(busy.id, { keys: ['busy-7', 'busy-1999', 'merged-key'], groupKeys: ['shared-group'] }));
    const [explained] = await db.sql<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
      `explain (analyze, format json) ${read.getFormattedQuery()}`,
    );
    const incidentsRead = (node: PlanNode): number =>
      (node['Relation Name'] === 'incidents' ? (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0)) * node['Actual Loops'] : 0) +
      (node.Plans ?? []).reduce((sum, child) => sum + incidentsRead(child), 0);
    expect(incidentsRead(explained!['QUERY PLAN'][0]!.Plan)).toBeLessThanOrEqual(6);
    expect((await read.getResultList()).map((incident) => incident.fingerprint).sort()).toEqual(['busy-1999', 'busy-7']);
  });

  it("reads the organization's own alerts only, though receipt keys are the same", async () => {
    await store().transaction(ours.id, async (unit) => {
      const stored = await unit.storedAlerts({ ids: [ids.theirAlert], receiptKeys: ['same-receipt'], receivedSince: new Date(0) });
      expect(stored.map((row) => row.id)).toEqual([ids.ourAlert]);
      expect(await unit.storedAlertIncidents([ids.theirAlert, ids.ourAlert])).toEqual([
        expect.objectContaining({ id: ids.ourAlert, incidentId: ids.ourOpen }),
      ]);
      await expect(unit.alert(ids.theirInhibited)).rejects.toThrow();
      expect(await unit.lastAlertReceivedAt(ids.theirOpen)).toBeNull();
      expect((await unit.lastAlertReceivedAt(ids.ourOpen))?.getTime()).toBe(hourAgo.getTime());
      expect(await unit.firingKeysOfIncident(ids.theirOpen)).toEqual(new Set());
      expect(await unit.firingKeysOfIncident(ids.ourOpen)).toEqual(new Set(['shared-key']));
      expect((await unit.firingSourceAlerts()).map((alert) => alert.key)).toEqual(['shared-key']);
      expect(await unit.inhibitedFiringAlerts(new Date(0))).toEqual([]);
    });
    await store().transaction(theirs.id, async (unit) => {
      expect((await unit.inhibitedFiringAlerts(new Date(0))).map((alert) => alert.alertId)).toEqual([ids.theirInhibited]);
    });
  });

  it("writes alerts, incidents and events into the organization's own rows, leaving another's unchanged", async () => {
    const before = {
      alerts: await count('alerts', theirs.id),
      incidents: await count('incidents', theirs.id),
      events: await count('domain_events', theirs.id),
      timeline: await count('incident_timeline', theirs.id),
    };
    const alertId = randomUUID();
    await store().transaction(ours.id, async (unit) => {
      const [open] = await unit.lockOpenIncidentsOfKey('shared-key', null);
      unit.changeStatus(open!, 'resolved', { type: 'resolved_by_alert', message: 'Resolved by an alert' });
      await unit.flush();
      const incident = unit.createIncident({
        title: 'New',
        severity: 'high',
        source: 'metrics_alerts',
        integrationId,
        fingerprint: 'shared-key',
      });
      unit.insertAlert(alertOf({ id: alertId, incidentId: incident.id }));
      unit.recordEvent(incident, 'alert.received', { alert_id: alertId });
    });
    const [stored] = await db.sql<{ organization_id: string }>('select organization_id from alerts where id = ?', [alertId]);
    expect(stored?.organization_id).toBe(ours.id);
    const statuses = await db.sql<{ organization_id: string; status: string }>(
      `select organization_id, status from incidents where fingerprint = 'shared-key' and organization_id in (?, ?) order by organization_id, status`,
      [ours.id, theirs.id],
    );
    expect(statuses.filter((row) => row.organization_id === ours.id).map((row) => row.status)).toEqual(['active', 'resolved']);
    expect(statuses.filter((row) => row.organization_id === theirs.id).map((row) => row.status)).toEqual(['active', 'resolved']);
    expect({
      alerts: await count('alerts', theirs.id),
      incidents: await count('incidents', theirs.id),
      events: await count('domain_events', theirs.id),
      timeline: await count('incident_timeline', theirs.id),
    }).toEqual(before);
  });

  it("reads the organization's own settings", async () => {
    await db.sql(`update organizations set settings = '{"auto_resolve_after_hours": 2}'::jsonb where id = ?`, [theirs.id]);
    expect(await store().organizationSettings(ours.id)).toEqual({});
    expect(await store().organizationSettings(theirs.id)).toEqual({ auto_resolve_after_hours: 2 });
    expect((await store().autoResolvingOrganizations()).filter((row) => [ours.id, theirs.id].includes(row.id))).toEqual([
      { id: theirs.id, hours: 2 },
    ]);
  });
});
