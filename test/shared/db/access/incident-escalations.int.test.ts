import { createIncidentEscalationStore } from '../../../../shared/db/access/incident-escalations.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// Every method of the store, on real PostgreSQL: another organization's incidents, pages, members
// and policies are invisible to it, and untouched by its writes.
describe('IncidentEscalationStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  let ourIncident: string;
  let theirIncident: string;
  let ourPolicy: string;
  let theirPolicy: string;
  const store = () => createIncidentEscalationStore(db.em());

  const policy = async (organizationId: string, name: string) => {
    const [row] = await db.sql<{ id: string }>(
      `insert into escalation_policies (id, organization_id, name, levels, created_at, updated_at)
       values (gen_random_uuid(), ?, ?, '[]'::jsonb, now(), now()) returning id`,
      [organizationId, name],
    );
    return row!.id;
  };
  const page = (organization: SeededOrganization, incidentId: string, cycle: number) =>
    db.sql(
      `insert into pages (id, organization_id, incident_id, cycle, round, level, user_id, method, status, created_at, updated_at)
       values (gen_random_uuid(), ?, ?, ?, 1, 1, ?, 'webhook', 'sent', now(), now())`,
      [organization.id, incidentId, cycle, organization.ownerId],
    );
  const stored = async (id: string) =>
    (
      await db.sql<{ status: string; snoozed_until: unknown; timeline: string }>(
        `select i.status, i.snoozed_until, (select count(*) from incident_timeline t where t.incident_id = i.id) as timeline from incidents i where i.id = ?`,
        [id],
      )
    )[0]!;

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    ourIncident = await db.incident(ours.id, 'Ours');
    theirIncident = await db.incident(theirs.id, 'Theirs');
    ourPolicy = await policy(ours.id, 'Our policy');
    theirPolicy = await policy(theirs.id, 'Their policy');
    await page(ours, ourIncident, 1);
    await page(ours, ourIncident, 0);
    await page(theirs, theirIncident, 1);
  });
  afterAll(() => db?.stop());

  it("reads the organization's own incidents, escalation pages and policies only", async () => {
    expect(await store().incident(ours.id, theirIncident)).toBeUndefined();
    expect((await store().incident(ours.id, ourIncident))?.escalationCycle).toBe(1);
    expect(await store().pagesOf(ours.id, theirIncident)).toEqual([]);
    expect((await store().pagesOf(ours.id, ourIncident)).map((row) => row.cycle)).toEqual([1]);
    expect((await store().pagesOf(theirs.id, theirIncident)).length).toBe(1);
    expect(await store().policy(ours.id, theirPolicy)).toBeUndefined();
    expect((await store().policy(ours.id, ourPolicy))?.name).toBe('Our policy');
  });

  it("locks and checks the organization's own incidents, members and policies only", async () => {
    const seen = await store().transaction(ours.id, async (unit) => ({
      incident: await unit.lockIncident(theirIncident),
      member: await unit.isMember(theirs.ownerId),
      policy: await unit.isPolicy(theirPolicy),
      memberName: await unit.memberName(theirs.ownerId),
      policyName: await unit.policyName(theirPolicy),
    }));
    expect(seen).toEqual({ incident: undefined, member: false, policy: false, memberName: undefined, policyName: undefined });
    const own = await store().transaction(ours.id, async (unit) => ({
      member: await unit.isMember(ours.ownerId),
      policy: await unit.isPolicy(ourPolicy),
      memberName: await unit.memberName(ours.ownerId),
      policyName: await unit.policyName(ourPolicy),
    }));
    expect(own).toEqual({ member: true, policy: true, memberName: `Owner of ${ours.name}`, policyName: 'Our policy' });
  });

  it("writes the organization's own incident, leaving another's as it was", async () => {
    await store().transaction(ours.id, async (unit) => {
      const incident = (await unit.lockIncident(ourIncident))!;
      unit.changeStatus(incident, 'investigating', { actorId: ours.ownerId });
      incident.snoozedUntil = new Date(Date.now() + 60_000);
      unit.addTimelineEntry(incident, { type: 'snoozed', message: 'Snoozed' });
      unit.recordEvent(incident, 'incident.updated', { actor_id: ours.ownerId });
    });
    const ourNow = await stored(ourIncident);
    expect(ourNow.status).toBe('investigating');
    expect(ourNow.snoozed_until).not.toBeNull();
    expect(Number(ourNow.timeline)).toBe(3);
    const theirNow = await stored(theirIncident);
    expect(theirNow).toEqual({ status: 'active', snoozed_until: null, timeline: expect.anything() });
    expect(Number(theirNow.timeline)).toBe(1);
  });
});
