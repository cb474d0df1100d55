import { randomUUID } from 'node:crypto';
import { createRemediationStore, type RemediationUnit } from '../../../../shared/db/access/remediations.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// Every method of the store, on real PostgreSQL: another organization's incidents, runs, rules,
// procedures and users are invisible to it, and untouched by its writes.
describe('RemediationStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  const store = () => createRemediationStore(db.em());
  const on = <T>(organizationId: string, incidentId: string, work: (unit: RemediationUnit) => Promise<T>) =>
    store().onIncident(organizationId, incidentId, { lock: true }, work);

  const seedProcedure = async (organizationId: string) => {
    const [procedure] = await db.sql<{ id: string }>(
      `insert into procedures (id, organization_id, name, tags, version, created_at, updated_at)
       values (gen_random_uuid(), ?, 'Free disk', '[]'::jsonb, 3, now(), now()) returning id`,
      [organizationId],
    );
    await db.sql(
      `insert into procedure_steps (id, organization_id, procedure_id, position, name, type, config) values (gen_random_uuid(), ?, ?, 0, 'Clean', 'manual', '{}'::jsonb)`,
      [organizationId, procedure!.id],
    );
    return procedure!.id;
  };
  const seedRule = async (organizationId: string) => {
    const [policy] = await db.sql<{ id: string }>(
      `insert into escalation_policies (id, organization_id, name, levels, created_at, updated_at)
       values (gen_random_uuid(), ?, ?, '[]'::jsonb, now(), now()) returning id`,
      [organizationId, `Policy ${randomUUID()}`],
    );
    const [rule] = await db.sql<{ id: string }>(
      `insert into routing_rules (id, organization_id, name, matchers, escalation_policy_id, urgency, position, created_at, updated_at)
       values (gen_random_uuid(), ?, 'Disks', '[]'::jsonb, ?, 'high', 0, now(), now()) returning id`,
      [organizationId, policy!.id],
    );
    return rule!.id;
  };
  const startRun = (unit: RemediationUnit, procedureId: string) => {
    const id = randomUUID();
    unit.startRun({
      id,
      procedureId,
      incidentId: unit.incident.id,
      definition: { name: 'Free disk', description: null, version: 3, steps: [] },
      parameters: {},
      workflowId: `execution:${id}`,
      startedBy: null,
      remediationPriority: 'P1',
    });
    return id;
  };
  const incidentRow = async (id: string) =>
    (
      await db.sql<{ status: string; entries: string }>(
        `select status, (select count(*) from incident_timeline t where t.incident_id = i.id and t.type = 'execution') as entries
         from incidents i where id = ?`,
        [id],
      )
    )[0];

  beforeAll(async () => ({ db, ours, theirs } = await openTwoOrganizations()));
  afterAll(() => db?.stop());

  it("works on the organization's own incidents only", async () => {
    const theirIncident = await db.incident(theirs.id, 'Theirs');
    let ran = false;
    expect(await on(ours.id, theirIncident, async () => (ran = true))).toBeUndefined();
    expect(await store().onIncident(ours.id, theirIncident, { lock: false }, async () => (ran = true))).toBeUndefined();
    expect(ran).toBe(false);
  });

  it("reads the organization's own runs, rules and procedures only", async () => {
    const theirIncident = await db.incident(theirs.id, 'Theirs');
    const theirProcedure = await seedProcedure(theirs.id);
    const theirRule = await seedRule(theirs.id);
    const theirRun = await on(theirs.id, theirIncident, async (unit) => startRun(unit, theirProcedure));
    const ourIncident = await db.incident(ours.id, 'Ours');
    const ourProcedure = await seedProcedure(ours.id);
    const ourRule = await seedRule(ours.id);
    // Our run on their incident cannot exist; our incident's automatic run is ours only.
    await db.sql('update executions set incident_id = ? where id = ?', [ourIncident, theirRun]);

    await on(ours.id, ourIncident, async (unit) => {
      expect(unit.incident).toMatchObject({ id: ourIncident, title: 'Ours', status: 'active' });
      expect(await unit.automaticRun()).toBeUndefined();
      expect(await unit.run(theirRun as string)).toBeUndefined();
      expect(await unit.routingRuleName(theirRule)).toBeUndefined();
      expect(await unit.routingRuleName(ourRule)).toBe('Disks');
      expect(await unit.procedure(theirProcedure)).toBeUndefined();
      expect(await unit.procedure(ourProcedure)).toMatchObject({
        id: ourProcedure,
        version: 3,
        steps: [{ name: 'Clean', type: 'manual' }],
      });
    });
    await db.sql('update executions set incident_id = ? where id = ?', [theirIncident, theirRun]);
    const ourRun = await on(ours.id, ourIncident, async (unit) => startRun(unit, ourProcedure));
    await on(ours.id, ourIncident, async (unit) => {
      expect((await unit.automaticRun())?.id).toBe(ourRun);
      expect(await unit.run(ourRun as string)).toMatchObject({ id: ourRun, remediationPriority: 'P1' });
    });
  });

  it("names the organization's own members as who resolved an incident", async () => {
    const ourIncident = await db.incident(ours.id, 'Ours');
    const resolvedBy = async (actorId: string) => {
      await db.sql(
        `insert into incident_timeline (id, organization_id, incident_id, type, message, actor_id, data, created_at)
         values (gen_random_uuid(), ?, ?, 'status_changed', 'Resolved', ?, '{"to":"resolved"}'::jsonb, now())`,
        [ours.id, ourIncident, actorId],
      );
      return on(ours.id, ourIncident, (unit) => unit.lastResolution());
    };
    expect(await resolvedBy(theirs.ownerId)).toEqual({ message: 'Resolved', actorName: null });
    expect(await resolvedBy(ours.ownerId)).toEqual({ message: 'Resolved', actorName: `Owner of ${ours.name}` });
  });

  it("writes on the organization's own incident only", async () => {
    const ourIncident = await db.incident(ours.id, 'Ours');
    const theirIncident = await db.incident(theirs.id, 'Theirs');
    const resolve = (unit: RemediationUnit) => {
      unit.addTimelineEntry({ message: 'Runbook started', data: {} });
      return Promise.resolve(unit.resolve({ message: 'Resolved by runbook', data: {}, eventData: {} }));
    };
    expect(await on(ours.id, theirIncident, resolve)).toBeUndefined();
    expect(await incidentRow(theirIncident)).toEqual({ status: 'active', entries: '0' });
    expect(await on(ours.id, ourIncident, resolve)).toBe(true);
    expect(await incidentRow(ourIncident)).toEqual({ status: 'resolved', entries: '1' });
    expect(await on(ours.id, ourIncident, async (unit) => unit.resolve({ message: 'Again', data: {}, eventData: {} }))).toBe(false);
  });
});
