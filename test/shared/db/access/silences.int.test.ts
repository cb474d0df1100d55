import { randomUUID } from 'node:crypto';
import { createSilenceStore } from '../../../../shared/db/access/silences.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// Every method of the store, on real PostgreSQL: another organization's silences, alerts and
// incidents are invisible to it, and untouched by its writes.
describe('SilenceStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  let ourSilence: string;
  let theirSilence: string;
  const ids = { ourIncident: '', theirIncident: '', ourAlert: '', theirAlert: '' };
  const store = () => createSilenceStore(db.em());
  const hour = 3600_000;
  const fields = (comment: string) => ({
    matchers: [{ name: 'service', operator: '=' as const, value: 'db' }],
    startsAt: new Date(Date.now() - hour),
    endsAt: new Date(Date.now() + hour),
    comment,
    createdById: null,
    updatedById: null,
  });
  /** An alert of the organization's, muted by `silencedBy`. */
  const alert = async (organizationId: string, incidentId: string, silencedBy: string) => {
    const [integration] = await db.sql<{ id: string }>(
      `insert into integrations (id, organization_id, name, platform, secret_ciphertext, created_at, updated_at)
       values (gen_random_uuid(), ?, 'Hook', 'metrics_alerts', 'sealed', now(), now()) returning id`,
      [organizationId],
    );
    const id = randomUUID();
    await db.sql(
      `insert into alerts (id, organization_id, integration_id, incident_id, platform, dedup_key, title, severity, status, labels, links, raw,
         received_at, processed_at, silenced_by, silenced_kind)
       values (?, ?, ?, ?, 'metrics_alerts', 'k', 'Disk full', 'high', 'firing', '{}', '{}', '{}', now(), now(), ?, 'silence')`,
      [id, organizationId, integration!.id, incidentId, silencedBy],
    );
    return id;
  };

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    ourSilence = (await store().insert(ours.id, fields('ours'))).id;
    theirSilence = (await store().insert(theirs.id, fields('theirs'))).id;
    ids.ourIncident = await db.incident(ours.id, 'Ours');
    ids.theirIncident = await db.incident(theirs.id, 'Theirs');
    ids.ourAlert = await alert(ours.id, ids.ourIncident, ourSilence);
    // A wrong pairing (their alert naming our silence) must not show among ours.
    ids.theirAlert = await alert(theirs.id, ids.theirIncident, ourSilence);
  });
  afterAll(() => db?.stop());

  it("lists, finds and counts the organization's own silences only", async () => {
    const at = new Date();
    expect((await store().list(ours.id, { limit: 10, offset: 0, at })).items.map((silence) => silence.id)).toEqual([ourSilence]);
    expect((await store().list(ours.id, { limit: 10, offset: 0, at, state: 'active' })).total).toBe(1);
    expect((await store().list(ours.id, { limit: 10, offset: 0, at, state: 'expired' })).total).toBe(0);
    expect((await store().find(ours.id, ourSilence))?.comment).toBe('ours');
    expect(await store().find(ours.id, theirSilence)).toBeUndefined();
    expect(await store().countUnexpired(ours.id, at)).toBe(1);
  });

  it("reads the organization's own muted alerts, open incidents and recent alerts only", async () => {
    const muted = await store().mutedAlerts(ours.id, ourSilence, { limit: 10, offset: 0 });
    expect(muted).toMatchObject({ total: 1, items: [{ id: ids.ourAlert, silencedBy: ourSilence }] });
    expect((await store().mutedAlerts(ours.id, theirSilence, { limit: 10, offset: 0 })).total).toBe(0);
    expect((await store().newestOpenIncidents(ours.id, 10)).map((incident) => incident.id)).toEqual([ids.ourIncident]);
    const since = new Date(Date.now() - hour);
    expect((await store().newestAlertsSince(ours.id, since, 10)).map((row) => row.id)).toEqual([ids.ourAlert]);
    expect((await store().newestAlertsSince(theirs.id, since, 10)).map((row) => row.id)).toEqual([ids.theirAlert]);
  });

  it("changes the organization's own silences only", async () => {
    const at = new Date();
    expect(await store().update(ours.id, theirSilence, { endsAt: at, comment: 'taken' })).toBeUndefined();
    const theirsNow = await store().find(theirs.id, theirSilence);
    expect(theirsNow?.comment).toBe('theirs');
    expect(theirsNow!.endsAt.getTime()).toBeGreaterThan(at.getTime());
    expect(await store().countUnexpired(theirs.id, at)).toBe(1);

    const updated = await store().update(ours.id, ourSilence, { endsAt: at, updatedById: ours.ownerId });
    expect(updated).toMatchObject({ id: ourSilence, endsAt: at, updatedById: ours.ownerId, comment: 'ours' });
    expect(await store().countUnexpired(ours.id, at)).toBe(0);
    expect(await store().countUnexpired(theirs.id, at)).toBe(1);
  });
});
