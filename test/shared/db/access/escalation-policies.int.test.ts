import { createEscalationPolicyStore } from '../../../../shared/db/access/escalation-policies.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// Every method of the store, on real PostgreSQL: another organization's policies, members, teams
// and rules are invisible to it, and untouched by its writes.
describe('EscalationPolicyStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  let theirPolicy: string;
  let theirTeam: string;
  const store = () => createEscalationPolicyStore(db.em());
  const fields = (name: string, isDefault: boolean) => ({
    name,
    description: null,
    levels: [],
    repeat: 0,
    ackTimeoutMinutes: null,
    isDefault,
    teamId: null,
  });
  const defaults = async (organizationId: string) =>
    (
      await db.sql<{ name: string }>('select name from escalation_policies where organization_id = ? and is_default order by name', [
        organizationId,
      ])
    ).map((row) => row.name);

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    theirPolicy = (await store().transaction(theirs.id, async (unit) => unit.insert(fields('Theirs', true)))).id;
    const [team] = await db.sql<{ id: string }>(
      `insert into teams (id, organization_id, name, created_at, updated_at) values (gen_random_uuid(), ?, 'Storage', now(), now()) returning id`,
      [theirs.id],
    );
    theirTeam = team!.id;
    await db.sql(
      `insert into routing_rules (id, organization_id, name, position, matchers, escalation_policy_id, urgency, created_at, updated_at)
       values (gen_random_uuid(), ?, 'Their rule', 0, '[]'::jsonb, ?, 'high', now(), now())`,
      [theirs.id, theirPolicy],
    );
  });
  afterAll(() => db?.stop());

  it("lists and finds the organization's own policies only", async () => {
    expect(await store().list(ours.id, { limit: 10, offset: 0 })).toEqual({ items: [], total: 0 });
    expect(await store().find(ours.id, theirPolicy)).toBeUndefined();
    expect((await store().find(theirs.id, theirPolicy))?.name).toBe('Theirs');
    expect((await store().list(theirs.id, { limit: 10, offset: 0 })).total).toBe(1);
  });

  it('checks targets, teams and rules of the organization only', async () => {
    const seen = await store().transaction(ours.id, async (unit) => ({
      policy: await unit.find(theirPolicy),
      targets: [...(await unit.existingTargets({ users: [theirs.ownerId, ours.ownerId], schedules: [], teams: [theirTeam] }))],
      team: await unit.isTeam(theirTeam),
      rules: await unit.rulesChoosing(theirPolicy),
    }));
    expect(seen).toEqual({ policy: undefined, targets: [ours.ownerId], team: false, rules: [] });
    expect((await store().transaction(theirs.id, (unit) => unit.rulesChoosing(theirPolicy))).map((rule) => rule.name)).toEqual([
      'Their rule',
    ]);
  });

  it("writes the organization's own policies, leaving another's as they were", async () => {
    const ourPolicy = await store().transaction(ours.id, async (unit) => {
      await unit.lockOrganization();
      await unit.clearDefaults();
      return unit.insert(fields('Ours', true));
    });
    expect(await defaults(ours.id)).toEqual(['Ours']);
    expect(await defaults(theirs.id)).toEqual(['Theirs']);
    await store().transaction(ours.id, async (unit) => {
      await unit.clearDefaults();
      unit.remove((await unit.find(ourPolicy.id))!);
    });
    expect(await store().find(ours.id, ourPolicy.id)).toBeUndefined();
    expect((await store().find(theirs.id, theirPolicy))?.isDefault).toBe(true);
  });
});
