import { randomUUID } from 'node:crypto';
import { createIncident } from '../../../../shared/db/access/incidents.ts';
import { createStatusPageStore, insertComponent, insertStatusUpdate } from '../../../../shared/db/access/status-pages.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

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
    ({ db, ours, theirs } = await openTwoOrganizations());
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
  afterAll(() => db?.stop());

  it("reads what the organization's own page shows only", async () => {
    expect((await store().components(ours.id)).map((row) => row.id)).toEqual([components.ours]);
    expect(await store().openIncidentImpacts(ours.id)).toEqual([{ severity: 'high', integration_id: null, routing_rule_id: null }]);
    expect((await store().publishedIncidents(ours.id, 30)).map((row) => row.id)).toEqual([incidents.ours]);
    expect((await store().publishedIncidents(theirs.id, 30)).map((row) => row.updates.map((update) => update.body))).toEqual([
      ['theirs update'],
    ]);
    expect((await store().currentAndUpcomingWindows(ours.id)).map((row) => row.id)).toEqual([windows.ours]);
  });

  it("reads and writes the organization's own page settings only", async () => {
    expect(await store().saveSettings(theirs.id, { slug: 'theirs', title: 'Theirs', enabled: true, custom_domain: null })).not.toBeNull();
    expect(await store().settings(ours.id)).toBeNull();
    // Their slug stays theirs: ours cannot take it.
    expect(await store().saveSettings(ours.id, { slug: 'theirs', title: 'Ours', enabled: true, custom_domain: null })).toBeNull();
    expect((await store().saveSettings(ours.id, { slug: 'ours', title: 'Ours', enabled: false, custom_domain: null }))?.title).toBe('Ours');
    expect((await store().settings(theirs.id))?.title).toBe('Theirs');
    expect((await store().findPublishedAcrossOrganizations({ slug: 'theirs' }))?.organization_id).toBe(theirs.id);
    expect(await store().findPublishedAcrossOrganizations({ slug: 'ours' })).toBeNull();
  });

  it("reads and changes the organization's own components and mappings only", async () => {
    expect(await store().component(ours.id, components.theirs)).toBeNull();
    expect(await store().updateComponent(ours.id, components.theirs, fields('Taken'))).toBeNull();
    expect(await store().deleteComponent(ours.id, components.theirs)).toBe(false);
    expect((await store().component(theirs.id, components.theirs))?.name).toBe('theirs API');

    const [integration] = await db.sql<{ id: string }>(
      `insert into integrations (id, organization_id, name, platform, secret_ciphertext, created_at, updated_at)
       values (gen_random_uuid(), ?, 'Theirs', 'generic', 'sealed', now(), now()) returning id`,
      [theirs.id],
    );
    expect([...(await store().existingMappingIds(ours.id, 'integrations', [integration!.id]))]).toEqual([]);
    expect([...(await store().existingMappingIds(theirs.id, 'integrations', [integration!.id]))]).toEqual([integration!.id]);

    const added = await store().insertComponent(ours.id, randomUUID(), fields('Web'));
    expect((await store().updateComponent(ours.id, added.id, fields('Web app')))?.name).toBe('Web app');
    expect(await store().deleteComponent(ours.id, added.id)).toBe(true);
    expect((await store().components(theirs.id)).map((row) => row.id)).toEqual([components.theirs]);
  });

  it("adds subscribers to the organization's own page", async () => {
    const subscriber = await store().addPageSubscriber(ours.id, { id: randomUUID(), email: 'reader@example.test' });
    expect(subscriber).toMatchObject({ organization_id: ours.id, incident_id: null, confirmed_at: null, created: true });
    expect(await store().addPageSubscriber(ours.id, { id: randomUUID(), email: 'READER@example.test' })).toMatchObject({
      id: subscriber.id,
      created: false,
    });
    const theirsToo = await store().addPageSubscriber(theirs.id, { id: randomUUID(), email: 'reader@example.test' });
    expect(theirsToo).toMatchObject({ organization_id: theirs.id, created: true });

    // A signed link names one subscriber: only that one changes.
    expect(await store().confirmSubscriberAcrossOrganizations(subscriber.id)).toBe(true);
    expect(await store().confirmSubscriberAcrossOrganizations(randomUUID())).toBe(false);
    await store().removeSubscriberAcrossOrganizations(subscriber.id);
    const rows = await db.sql<{ id: string; confirmed_at: string | null }>('select id, confirmed_at from status_subscribers order by id');
    expect(rows).toEqual([{ id: theirsToo.id, confirmed_at: null }]);
  });
});
