import { createAcknowledgementStore } from '../../../../shared/db/access/acknowledgements.ts';
import { createIncident } from '../../../../shared/db/access/incidents.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// Every method of the store, on real PostgreSQL: another organization's incident is invisible to its
// reads and untouched by its reactivation.
describe('AcknowledgementStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  const store = () => createAcknowledgementStore(db.em());
  const acknowledgedIncident = async (organizationId: string, ackTimeoutMinutes: number) => {
    const [policy] = await db.sql<{ id: string }>(
      `insert into escalation_policies (id, organization_id, name, levels, ack_timeout_minutes, created_at, updated_at)
       values (gen_random_uuid(), ?, ?, '[]'::jsonb, ?, now(), now()) returning id`,
      [organizationId, `Policy ${Math.random()}`, ackTimeoutMinutes],
    );
    const em = db.em();
    const id = createIncident(em, { organizationId, title: 'Disk full', severity: 'high', source: 'manual' }).id;
    await em.flush();
    await db.sql(`update incidents set status = 'acknowledged', escalation_policy_id = ? where id = ?`, [policy!.id, id]);
    return id;
  };
  const incidentRow = async (id: string) =>
    (
      await db.sql<{ status: string; entries: string }>(
        `select status, (select count(*) from incident_timeline t where t.incident_id = i.id and t.type = 'ack_timeout') as entries
       from incidents i where id = ?`,
        [id],
      )
    )[0];

  beforeAll(async () => ({ db, ours, theirs } = await openTwoOrganizations()));
  afterAll(() => db?.stop());

  it("reads the organization's own incidents' timeouts only", async () => {
    const theirIncident = await acknowledgedIncident(theirs.id, 7);
    expect(await store().ackTimeouts(theirs.id, theirIncident)).toEqual({ rule: null, policy: 7 });
    expect(await store().ackTimeouts(ours.id, theirIncident)).toEqual({ rule: null, policy: null });
  });

  it("reactivates the organization's own incidents only", async () => {
    const ourIncident = await acknowledgedIncident(ours.id, 5);
    const theirIncident = await acknowledgedIncident(theirs.id, 5);
    const seen: string[] = [];
    const reactivate = (incident: { status: string }) => {
      seen.push(incident.status);
      return { result: 'repaged', reactivate: { type: 'ack_timeout' as const, message: 'Timed out', data: { cycle: 1 } } };
    };
    expect(await store().reactivateLocked(ours.id, theirIncident, reactivate)).toBeUndefined();
    expect(seen).toEqual([]);
    expect(await incidentRow(theirIncident)).toEqual({ status: 'acknowledged', entries: '0' });

    expect(await store().reactivateLocked(ours.id, ourIncident, reactivate)).toBe('repaged');
    expect(seen).toEqual(['acknowledged']);
    expect(await incidentRow(ourIncident)).toEqual({ status: 'active', entries: '1' });
  });
});
