import { randomUUID } from 'node:crypto';
import { createIncident } from '../../../../shared/db/access/incidents.ts';
import { createStatusPageStore, insertComponent, insertStatusUpdate } from '../../../../shared/db/access/status-pages.ts';
import { openStoreDatabase, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// The store on real PostgreSQL: another organization's page, components, incidents, published
// updates, maintenance windows and subscribers are invisible to it, and untouched by its writes.
describe('StatusPageStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  const components = { ours: '', theirs: '' };
  const incidents = { ours: '', theirs: '' };
  const windows = { ours: '', theirs: '' };
  const store = () => createStatusPageStore(db.em());
  const fields = (name: string) => ({
    name,
    description: null,
    position: 0,
    integration_ids: [],
    routing_rule_ids: [],
    status_override: null,
  });

  beforeAll(async () => {
    db = await openStoreDatabase();
    ours = await db.organization('ours');
    theirs = await db.organization('theirs');
    const em = db.em();
    for (const [key, organization] of [
      ['ours', ours],
      ['theirs', theirs],
    ] as const) {
      components[key] = (await insertComponent(em, organization.id, randomUUID(), fields(`${key} API`))).id;
      const incident = createIncident(em, { organizationId: organization.id, title: key, severity: 'high', source: 'manual' });
      await em.flush();
      incidents[key] = incident.id;
      await insertStatusUpdate(em, {
        id: randomUUID(),
        organization_id: organization.id,
        incident_id: incident.id,
        kind: 'investigating',
        title: null,
        body: `${key} update`,
        visibility: 'public',
        author_id: null,
      });
      windows[key] = randomUUID();
      await db.sql(
        `insert into maintenance_windows (id, organization_id, description, starts_at, ends_at, time_zone, created_at, updated_at)
         values (?, ?, ?, now(), now() + interval '1 hour', 'UTC', now(), now())`,
        [windows[key], organization.id, `${key} window`],
      );
    }
  });
  afterAll(async () => {
    await db?.stop();
  });

  it("reads what the organization's own page shows only", async () => {
    expect((await store().components(ours.id)).map((row) => row.id)).toEqual([components.ours]);
    expect(await store().openIncidentImpacts(ours.id)).toEqual([{ severity: 'high', integration_id: null, routing_rule_id: null }]);
    expect((await store().publishedIncidents(ours.id, 30)).map((row) => row.id)).toEqual([incidents.ours]);
    expect((await store().publishedIncidents(theirs.id, 30)).map((row) => row.updates.map((update) => update.body))).toEqual([
      ['theirs update'],
    ]);
    expect((await store().currentAndUpcomingWindows(ours.id)).map((row) => row.id)).toEqual([windows.ours]);
  });
});
