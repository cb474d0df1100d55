import { createRoutingRuleStore, type RoutingRuleFields } from '../../../../shared/db/access/routing-rules.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// Every method of the store, on real PostgreSQL: another organization's rules, policies, teams,
// procedures and integrations are invisible to it, and untouched by its writes.
describe('RoutingRuleStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  const their = { policy: '', team: '', procedure: '', integration: '', rule: '' };
  const our = { policy: '', rule: '' };
  const store = () => createRoutingRuleStore(db.em());
  const fields = (name: string, escalationPolicyId: string): RoutingRuleFields => ({
    name,
    matchers: [{ name: 'service', operator: '=', value: 'db' }],
    escalationPolicyId,
    urgency: 'high',
    enabled: true,
    ackTimeoutMinutes: null,
    grouping: null,
    teamId: null,
    priority: null,
    remediationProcedureId: null,
    remediationAutoApprove: false,
    remediationResolves: true,
  });
  const insertRule = (organizationId: string, name: string, policyId: string) =>
    store().transaction(organizationId, async (unit) => {
      const rules = await unit.lockRules();
      const id = unit.insert({ ...fields(name, policyId), position: rules.length, createdById: null });
      return id;
    });
  const seeded = async (query: string, params: unknown[]) => (await db.sql<{ id: string }>(query, params))[0]!.id;

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    const policy = (organizationId: string) =>
      seeded(
        `insert into escalation_policies (id, organization_id, name, levels, is_default, created_at, updated_at)
         values (gen_random_uuid(), ?, 'Default', '[]'::jsonb, true, now(), now()) returning id`,
        [organizationId],
      );
    our.policy = await policy(ours.id);
    their.policy = await policy(theirs.id);
    their.team = await seeded(
      `insert into teams (id, organization_id, name, default_escalation_policy_id, created_at, updated_at)
       values (gen_random_uuid(), ?, 'Storage', ?, now(), now()) returning id`,
      [theirs.id, their.policy],
    );
    their.procedure = await seeded(
      `insert into procedures (id, organization_id, name, tags, version, created_at, updated_at)
       values (gen_random_uuid(), ?, 'Theirs', '[]'::jsonb, 1, now(), now()) returning id`,
      [theirs.id],
    );
    their.integration = await seeded(
      `insert into integrations (id, organization_id, name, platform, secret_ciphertext, escalation_policy_id, team_id, created_at, updated_at)
       values (gen_random_uuid(), ?, 'Hook', 'apm', 'sealed', ?, ?, now(), now()) returning id`,
      [theirs.id, their.policy, their.team],
    );
    our.rule = await insertRule(ours.id, 'Ours', our.policy);
    their.rule = await insertRule(theirs.id, 'Theirs', their.policy);
  });
  afterAll(() => db?.stop());

  it("lists, finds and orders the organization's own rules only", async () => {
    expect((await store().list(ours.id, { limit: 10, offset: 0 })).items.map((rule) => rule.id)).toEqual([our.rule]);
    expect((await store().list(ours.id, { limit: 10, offset: 0, teamId: their.team })).total).toBe(0);
    expect((await store().find(ours.id, our.rule))?.name).toBe('Ours');
    expect(await store().find(ours.id, their.rule)).toBeUndefined();
    expect((await store().inOrder(ours.id)).map((rule) => rule.id)).toEqual([our.rule]);
  });

  it("reads the organization's own integrations, default policy and teams only", async () => {
    expect(await store().integration(ours.id, their.integration)).toBeUndefined();
    expect(await store().integration(theirs.id, their.integration)).toEqual({
      platform: 'apm',
      escalationPolicyId: their.policy,
      teamId: their.team,
    });
    expect(await store().defaultPolicyId(ours.id)).toBe(our.policy);
    expect(await store().teamPolicyId(ours.id, their.team)).toBeNull();
    expect(await store().teamPolicyId(theirs.id, their.team)).toBe(their.policy);
  });

  it("sees the organization's own policies, teams, procedures and rules in a transaction only", async () => {
    const seen = await store().transaction(ours.id, async (unit) => ({
      rules: (await unit.lockRules()).map((rule) => rule.id),
      policy: await unit.hasPolicy(their.policy),
      ownPolicy: await unit.hasPolicy(our.policy),
      team: await unit.hasTeam(their.team),
      procedure: await unit.hasProcedure(their.procedure),
    }));
    expect(seen).toEqual({ rules: [our.rule], policy: false, ownPolicy: true, team: false, procedure: false });
    // Their rule was never read in our transaction: it cannot be changed, ordered or removed through it.
    await expect(store().transaction(ours.id, async (unit) => unit.update(their.rule, { name: 'Taken' }))).rejects.toThrow();
    await expect(store().transaction(ours.id, async (unit) => unit.remove(their.rule))).rejects.toThrow();
    await expect(store().transaction(ours.id, async (unit) => unit.order([their.rule]))).rejects.toThrow();
    expect(await store().find(theirs.id, their.rule)).toMatchObject({ name: 'Theirs', position: 0 });
  });

  it("changes, orders and removes the organization's own rules, all or nothing", async () => {
    const second = await insertRule(ours.id, 'Second', our.policy);
    const reordered = await store().transaction(ours.id, async (unit) => {
      await unit.lockRules();
      unit.update(our.rule, { name: 'Renamed', teamId: null });
      unit.order([second, our.rule]);
      return unit.saved([second, our.rule]);
    });
    expect(reordered.map((rule) => [rule.name, rule.position])).toEqual([
      ['Second', 0],
      ['Renamed', 1],
    ]);
    await expect(
      store().transaction(ours.id, async (unit) => {
        await unit.lockRules();
        unit.remove(second);
        unit.order([our.rule]);
        throw new Error('refused after the writes were staged');
      }),
    ).rejects.toThrow('refused');
    expect((await store().inOrder(ours.id)).map((rule) => rule.id)).toEqual([second, our.rule]);
    await store().transaction(ours.id, async (unit) => {
      await unit.lockRules();
      unit.remove(second);
      unit.order([our.rule]);
    });
    expect((await store().inOrder(ours.id)).map((rule) => [rule.id, rule.position])).toEqual([[our.rule, 0]]);
    expect((await store().inOrder(theirs.id)).map((rule) => [rule.id, rule.position])).toEqual([[their.rule, 0]]);
  });
});
