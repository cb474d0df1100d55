import { createPlanQuotaStore } from '../../../../shared/db/access/plan-quotas.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// The quota's reads on real PostgreSQL: another organization's plan, members and integrations are
// invisible to a check of ours.
describe('PlanQuotaStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    await db.sql(`update organizations set plan = 'team' where id = ?`, [theirs.id]);
    for (const n of [1, 2])
      await db.sql(
        `insert into users (id, organization_id, email, name, role, password_hash, created_at, updated_at)
         values (gen_random_uuid(), ?, ?, 'Member', 'member', 'x', now(), now())`,
        [theirs.id, `member-${n}-${theirs.id}@example.test`],
      );
    await db.sql(
      `insert into integrations (id, organization_id, name, platform, secret_ciphertext, created_at, updated_at)
       values (gen_random_uuid(), ?, 'Theirs', 'generic', 'sealed', now(), now())`,
      [theirs.id],
    );
  });
  afterAll(() => db?.stop());

  it("reads the organization's own plan and counts its own rows only", async () => {
    await db.orm.em.fork().transactional(async (tx) => {
      const store = createPlanQuotaStore(tx);
      expect(await store.lockPlan(ours.id)).toBe('free');
      expect(await store.count(ours.id, 'members')).toBe(1);
      expect(await store.count(ours.id, 'integrations')).toBe(0);
    });
    const store = createPlanQuotaStore(db.em());
    expect(await store.lockPlan(theirs.id)).toBe('team');
    expect(await store.count(theirs.id, 'members')).toBe(3);
    expect(await store.count(theirs.id, 'integrations')).toBe(1);
  });

  it('finds no plan for an organization that does not exist', async () => {
    expect(await createPlanQuotaStore(db.em()).lockPlan('00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });
});
