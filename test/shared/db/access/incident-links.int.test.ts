import { createIncidentLinkStore, type LinkNarration } from '../../../../shared/db/access/incident-links.ts';
import { createIncident } from '../../../../shared/db/access/incidents.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// Every method of the store, on real PostgreSQL: another organization's incidents and links are
// invisible to it, cannot be linked to, and are untouched by its writes (timelines included).
describe('IncidentLinkStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  const incidents: Record<'ourApi' | 'ourDatabase' | 'theirApi' | 'theirDatabase', string> = {
    ourApi: '',
    ourDatabase: '',
    theirApi: '',
    theirDatabase: '',
  };
  let theirLink: string;
  const store = () => createIncidentLinkStore(db.em());
  const narrate: LinkNarration = ({ incident, other }) => ({
    incident: { message: `to ${other.title}`, data: { side: 'incident' } },
    other: { message: `from ${incident.title}`, data: { side: 'other' } },
  });
  const linkEntries = (incidentId: string) =>
    db.sql<{ message: string; data: Record<string, unknown> }>(
      `select message, data from incident_timeline where incident_id = ? and type = 'link' order by created_at, id`,
      [incidentId],
    );

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    const em = db.em();
    for (const [key, organizationId] of [
      ['ourApi', ours.id],
      ['ourDatabase', ours.id],
      ['theirApi', theirs.id],
      ['theirDatabase', theirs.id],
    ] as const)
      incidents[key] = createIncident(em, { organizationId, title: key, severity: 'high', source: 'manual' }).id;
    await em.flush();
    const linked = await store().link(
      theirs.id,
      { incidentId: incidents.theirApi, linkedIncidentId: incidents.theirDatabase, kind: 'related', createdBy: null },
      narrate,
    );
    if (linked.outcome !== 'linked') throw new Error(`their link: ${linked.outcome}`);
    theirLink = linked.link.id;
  });
  afterAll(() => db?.stop());

  it("lists the organization's own incidents' links only", async () => {
    expect(await store().list(ours.id, incidents.theirApi)).toBeUndefined();
    expect(await store().list(ours.id, incidents.ourApi)).toEqual([]);
    expect((await store().list(theirs.id, incidents.theirDatabase))?.map((row) => [row.id, row.other_id])).toEqual([
      [theirLink, incidents.theirApi],
    ]);
  });

  it("links none of another organization's incidents, writing nothing", async () => {
    const link = { kind: 'related' as const, createdBy: ours.ownerId };
    expect(await store().link(ours.id, { ...link, incidentId: incidents.theirApi, linkedIncidentId: incidents.ourApi }, narrate)).toEqual({
      outcome: 'incident-not-found',
    });
    expect(await store().link(ours.id, { ...link, incidentId: incidents.ourApi, linkedIncidentId: incidents.theirApi }, narrate)).toEqual({
      outcome: 'linked-not-found',
    });
    expect(await linkEntries(incidents.ourApi)).toEqual([]);
    expect(await linkEntries(incidents.theirApi)).toHaveLength(1);
  });

  it("links and unlinks the organization's own incidents, noting both timelines, and leaves another's link", async () => {
    const link = {
      incidentId: incidents.ourApi,
      linkedIncidentId: incidents.ourDatabase,
      kind: 'caused_by' as const,
      createdBy: ours.ownerId,
    };
    const created = await store().link(ours.id, link, narrate);
    if (created.outcome !== 'linked') throw new Error(created.outcome);
    expect(created.link).toMatchObject({ incident_id: incidents.ourApi, other_id: incidents.ourDatabase, kind: 'caused_by' });
    expect(
      await store().link(ours.id, { ...link, incidentId: incidents.ourDatabase, linkedIncidentId: incidents.ourApi }, narrate),
    ).toEqual({
      outcome: 'linked-already',
    });
    expect(await linkEntries(incidents.ourDatabase)).toEqual([
      { message: 'from ourApi', data: { link_id: created.link.id, kind: 'caused_by', side: 'other' } },
    ]);

    expect(await store().unlink(ours.id, incidents.theirApi, theirLink, ours.ownerId, narrate)).toBe(false);
    expect(await store().unlink(ours.id, incidents.ourApi, theirLink, ours.ownerId, narrate)).toBe(false);
    expect(await store().unlink(ours.id, incidents.ourApi, created.link.id, ours.ownerId, narrate)).toBe(true);
    expect(await store().list(ours.id, incidents.ourApi)).toEqual([]);
    expect(await linkEntries(incidents.ourApi)).toHaveLength(2);
    expect((await store().list(theirs.id, incidents.theirApi))?.map((row) => row.id)).toEqual([theirLink]);
    expect(await linkEntries(incidents.theirApi)).toHaveLength(1);
  });
});
