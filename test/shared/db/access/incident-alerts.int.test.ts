import { randomUUID } from 'node:crypto';
import { createIncidentAlertStore } from '../../../../shared/db/access/incident-alerts.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// Every method of the store, on real PostgreSQL: another organization's incidents and alerts are
// invisible to it, and untouched by its writes.
describe('IncidentAlertStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  let ourIncident: string;
  let theirIncident: string;
  const store = () => createIncidentAlertStore(db.em());

  /** A grouped incident opened by key `a`, holding alerts of keys `a` and `b`. */
  const groupedIncident = async (organizationId: string) => {
    const [integration] = await db.sql<{ id: string }>(
      `insert into integrations (id, organization_id, name, platform, secret_ciphertext, created_at, updated_at)
       values (gen_random_uuid(), ?, 'Metrics', 'metrics_alerts', 'sealed', now(), now()) returning id`,
      [organizationId],
    );
    const [incident] = await db.sql<{ id: string }>(
      `insert into incidents (id, organization_id, title, severity, source, status, integration_id, fingerprint, group_key, alert_count, created_at, updated_at)
       values (gen_random_uuid(), ?, 'Grouped', 'high', 'metrics_alerts', 'active', ?, 'a', 'g', 2, now(), now()) returning id`,
      [organizationId, integration!.id],
    );
    for (const key of ['a', 'b'])
      await db.sql(
        `insert into alerts (id, organization_id, integration_id, incident_id, platform, dedup_key, title, severity, status, labels, links, raw, received_at, processed_at)
         values (?, ?, ?, ?, 'metrics_alerts', ?, ?, 'high', 'firing', '{"service":"api"}', '{}', '{}', now(), now())`,
        [randomUUID(), organizationId, integration!.id, incident!.id, key, `Alert ${key}`],
      );
    return incident!.id;
  };
  const alertsOf = async (incidentId: string) =>
    (await db.sql<{ dedup_key: string }>('select dedup_key from alerts where incident_id = ? order by dedup_key', [incidentId])).map(
      (row) => row.dedup_key,
    );

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    ourIncident = await groupedIncident(ours.id);
    theirIncident = await groupedIncident(theirs.id);
  });
  afterAll(() => db?.stop());

  it("lists the alerts of the organization's own incidents only", async () => {
    expect(await store().keysOf(ours.id, theirIncident)).toBeUndefined();
    expect((await store().keysOf(ours.id, ourIncident))?.map((row) => row.dedup_key)).toEqual(['a', 'b']);
    expect((await store().keysOf(theirs.id, theirIncident))?.map((row) => row.alerts)).toEqual([1, 1]);
  });

  it("reads and moves nothing of another organization's incidents inside a transaction", async () => {
    const seen = await store().transaction(ours.id, async (unit) => ({
      incident: await unit.lockIncident(theirIncident),
      keys: await unit.keysOf(theirIncident),
      moved: await unit.moveKeyAlerts({ fromIncidentId: theirIncident, toIncidentId: ourIncident, dedupKey: 'a' }),
    }));
    expect(seen).toEqual({ incident: undefined, keys: [], moved: 0 });
    await expect(store().transaction(ours.id, (unit) => unit.latestAlertOfKey(theirIncident, 'a'))).rejects.toThrow();
    expect(await alertsOf(theirIncident)).toEqual(['a', 'b']);
    expect(await alertsOf(ourIncident)).toEqual(['a', 'b']);
  });

  it("ungroups a key of the organization's own incident, leaving another's as it was", async () => {
    const own = await store().transaction(ours.id, async (unit) => {
      const incident = (await unit.lockIncident(ourIncident))!;
      const latest = await unit.latestAlertOfKey(incident.id, 'a');
      await unit.releaseFingerprint(incident);
      const created = await unit.createIncident({
        title: latest.title,
        severity: latest.severity,
        source: latest.platform,
        fingerprint: 'a',
      });
      created.alertCount = await unit.moveKeyAlerts({ fromIncidentId: incident.id, toIncidentId: created.id, dedupKey: 'a' });
      unit.addTimelineEntry(created, { type: 'alert_ungrouped', message: 'Ungrouped' });
      return created.id;
    });
    expect(await alertsOf(own)).toEqual(['a']);
    expect(await alertsOf(ourIncident)).toEqual(['b']);
    const [created] = await db.sql<{ organization_id: string; fingerprint: string; alert_count: number }>(
      'select organization_id, fingerprint, alert_count from incidents where id = ?',
      [own],
    );
    expect(created).toEqual({ organization_id: ours.id, fingerprint: 'a', alert_count: 1 });
    const [theirsNow] = await db.sql<{ fingerprint: string | null }>('select fingerprint from incidents where id = ?', [theirIncident]);
    expect(theirsNow?.fingerprint).toBe('a');
    expect(await alertsOf(theirIncident)).toEqual(['a', 'b']);
  });
});
