import { createIncidentStore, incidentDetails } from '../../../../shared/db/access/incidents.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// Every method of the store, on real PostgreSQL: another organization's incidents are invisible to
// it, and untouched by its writes.
describe('IncidentStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  let ourIncident: string;
  let theirIncident: string;
  let ourIntegration: string;
  let theirIntegration: string;
  const store = () => createIncidentStore(db.em());

  const integration = async (organizationId: string) => {
    const [row] = await db.sql<{ id: string }>(
      `insert into integrations (id, organization_id, name, platform, secret_ciphertext, created_at, updated_at)
       values (gen_random_uuid(), ?, 'Pager', 'pager', 'sealed', now(), now()) returning id`,
      [organizationId],
    );
    return row!.id;
  };
  const alertIncident = async (organizationId: string, integrationId: string, fingerprint: string) => {
    const [row] = await db.sql<{ id: string }>(
      `insert into incidents (id, organization_id, title, severity, source, status, integration_id, fingerprint, created_at, updated_at)
       values (gen_random_uuid(), ?, 'From an alert', 'high', 'pager', 'active', ?, ?, now(), now()) returning id`,
      [organizationId, integrationId, fingerprint],
    );
    return row!.id;
  };
  const stored = async (id: string) =>
    (
      await db.sql<{ status: string; timeline: string }>(
        `select i.status, (select count(*) from incident_timeline t where t.incident_id = i.id) as timeline from incidents i where i.id = ?`,
        [id],
      )
    )[0]!;

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    ourIncident = await db.incident(ours.id, 'Ours');
    theirIncident = await db.incident(theirs.id, 'Theirs');
    ourIntegration = await integration(ours.id);
    theirIntegration = await integration(theirs.id);
  });
  afterAll(() => db?.stop());

  it("pages and details the organization's own incidents only", async () => {
    const page = await store().page(ours.id, {}, { limit: 50, offset: 0 });
    expect(page.rows.map((row) => row.id)).toEqual([ourIncident]);
    expect(page.total).toBe(1);
    expect((await store().detail(ours.id, ourIncident))?.title).toBe('Ours');
    expect(await store().detail(ours.id, theirIncident)).toBeUndefined();
  });

  it("finds the organization's own incidents only, and changes nothing of another's", async () => {
    const found = await store().change(ours.id, async (unit) => {
      const theirsSeen = await unit.find(theirIncident);
      const oursSeen = await unit.find(ourIncident);
      if (oursSeen) unit.addTimelineEntry(oursSeen, { type: 'note', message: 'noted' });
      return { theirsSeen, oursSeen };
    });
    expect(found.theirsSeen).toBeUndefined();
    expect(found.oursSeen?.id).toBe(ourIncident);
    expect(Number((await stored(ourIncident)).timeline)).toBe(2);
    expect(Number((await stored(theirIncident)).timeline)).toBe(1);
  });

  it("reads the open incidents of the organization's own integrations only", async () => {
    const theirAlerted = await alertIncident(theirs.id, theirIntegration, 'disk');
    const ourAlerted = await alertIncident(ours.id, ourIntegration, 'disk');
    const [theirsSeen, ourSeen, ourByKey] = await store().change(ours.id, async (unit) => [
      await unit.openOfIntegration(theirIntegration, { limit: 10 }),
      await unit.openOfIntegration(ourIntegration, { limit: 10 }),
      await unit.openOfIntegration(ourIntegration, { fingerprint: 'disk', limit: 1 }),
    ]);
    expect(theirsSeen).toEqual([]);
    expect(ourSeen.map((incident) => incident.id)).toEqual([ourAlerted]);
    expect(ourByKey.map((incident) => incident.id)).toEqual([ourAlerted]);

    await store().change(ours.id, async (unit) => {
      for (const incident of await unit.openOfIntegration(ourIntegration, { fingerprint: 'disk', limit: 1 }))
        unit.changeStatus(incident, 'investigating', {});
    });
    expect((await stored(ourAlerted)).status).toBe('investigating');
    expect((await stored(theirAlerted)).status).toBe('active');
  });

  it('checks members, policies and settings of the organization only', async () => {
    const [policy] = await db.sql<{ id: string }>(
      `insert into escalation_policies (id, organization_id, name, levels, created_at, updated_at)
       values (gen_random_uuid(), ?, 'Theirs', '[]'::jsonb, now(), now()) returning id`,
      [theirs.id],
    );
    await db.sql(`update organizations set settings = '{"default_incident_severity":"low"}'::jsonb where id = ?`, [theirs.id]);
    expect(await store().isMember(ours.id, theirs.ownerId)).toBe(false);
    expect(await store().isMember(ours.id, ours.ownerId)).toBe(true);
    expect(await store().isEscalationPolicy(ours.id, policy!.id)).toBe(false);
    expect(await store().isEscalationPolicy(theirs.id, policy!.id)).toBe(true);
    expect(await store().organizationSettings(ours.id)).toEqual({});
    expect(await store().organizationSettings(theirs.id)).toEqual({ default_incident_severity: 'low' });
  });

  it("creates incidents and records events in the organization's own name", async () => {
    const created = await store().change(ours.id, async (unit) => {
      const incident = unit.create({ title: 'Made here', severity: 'low', source: 'manual' });
      unit.recordEvent(incident, 'incident.updated', { actor_id: null });
      return incident;
    });
    const events = await db.sql<{ organization_id: string; type: string }>(
      'select organization_id, type from domain_events where incident_id = ? order by type',
      [created.id],
    );
    expect(events).toEqual([
      { organization_id: ours.id, type: 'incident.created' },
      { organization_id: ours.id, type: 'incident.updated' },
    ]);
    expect((await store().detail(ours.id, created.id))?.title).toBe('Made here');
    expect(await store().detail(theirs.id, created.id)).toBeUndefined();
    // Their listing is as it was: the one incident seeded for them, and the one their integration opened.
    expect((await store().page(theirs.id, {}, { limit: 50, offset: 0 })).rows.map((row) => row.title).sort()).toEqual([
      'From an alert',
      'Theirs',
    ]);
  });

  it('writes nothing when the work throws', async () => {
    await expect(
      store().change(ours.id, async (unit) => {
        const incident = await unit.find(ourIncident);
        unit.changeStatus(incident!, 'resolved', {});
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect((await stored(ourIncident)).status).toBe('active');
  });

  it('details a batch of any size as the single read does, answering only the (incident, organization) pairs asked', async () => {
    const oursMany = [ourIncident];
    const theirsMany = [theirIncident];
    for (let index = 0; index < 40; index++) oursMany.push(await db.incident(ours.id, `Ours ${index}`));
    for (let index = 0; index < 30; index++) theirsMany.push(await db.incident(theirs.id, `Theirs ${index}`));
    const single = async (organizationId: string, id: string) => ({
      ...(await store().detail(organizationId, id))!,
      organization_id: organizationId,
    });
    const byId = <T extends { id: string }>(rows: T[]) => [...rows].sort((a, b) => a.id.localeCompare(b.id));
    // Padded to the prepared sizes (1, 3 → 4, 64 exactly) and past them (71: 64 and 7 → 8).
    for (const count of [1, 3, 64, 71]) {
      const asked = [
        ...oursMany.map((id) => ({ organizationId: ours.id, id })),
        ...theirsMany.map((id) => ({ organizationId: theirs.id, id })),
      ].slice(0, count);
      const expected = await Promise.all(asked.map((key) => single(key.organizationId, key.id)));
      expect(byId(await incidentDetails(db.em(), asked))).toEqual(byId(expected));
    }
    // Both organizations and both incidents in one statement, but never the crossed pairs.
    const crossed = await incidentDetails(db.em(), [
      { organizationId: ours.id, id: theirIncident },
      { organizationId: theirs.id, id: ourIncident },
      { organizationId: ours.id, id: oursMany[1]! },
    ]);
    expect(crossed.map((row) => [row.organization_id, row.id])).toEqual([[ours.id, oursMany[1]]]);
  });
});
