import { randomUUID } from 'node:crypto';
import { createNotificationRuleStore, pagingRuleCandidates } from '../../../../shared/db/access/notification-rules.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// Every method of the store, on real PostgreSQL: another organization's rules and contact methods
// are invisible to it, and untouched by its writes.
describe('NotificationRuleStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  const ids = { ourMethod: randomUUID(), theirMethod: randomUUID(), ourRule: randomUUID(), theirRule: randomUUID() };
  const store = () => createNotificationRuleStore(db.em());
  const owner = (organization: SeededOrganization) => ({ organizationId: organization.id, userId: organization.ownerId });
  const rule = (contactMethodId: string, delay: number) => ({
    contact_method_id: contactMethodId,
    delay_minutes: delay,
    urgency: 'any' as const,
  });
  const method = (id: string, organization: SeededOrganization) =>
    db.sql(
      `insert into contact_methods (id, organization_id, user_id, type, label, address, verified_at, created_at, updated_at)
       values (?, ?, ?, 'email', 'Work', ?, now(), now(), now())`,
      [id, organization.id, organization.ownerId, organization.ownerEmail],
    );
  const theirRuleNow = async () =>
    (await db.sql<{ delay_minutes: number }>('select delay_minutes from notification_rules where id = ?', [ids.theirRule]))[0];

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    await method(ids.ourMethod, ours);
    await method(ids.theirMethod, theirs);
    await store().insert(owner(ours), ids.ourRule, rule(ids.ourMethod, 0));
    await store().insert(owner(theirs), ids.theirRule, rule(ids.theirMethod, 5));
  });
  afterAll(() => db?.stop());

  it("reads the member's own rules and contact methods, in the organization only", async () => {
    expect((await store().find(owner(ours), ids.ourRule))?.contact_method_type).toBe('email');
    expect(await store().find(owner(ours), ids.theirRule)).toBeUndefined();
    // Their owner's id with our organization reads nothing either.
    expect(await store().find({ organizationId: ours.id, userId: theirs.ownerId }, ids.theirRule)).toBeUndefined();
    expect((await store().list(owner(ours), { limit: 10, offset: 0 })).map((row) => row.id)).toEqual([ids.ourRule]);
    expect(await store().list({ organizationId: ours.id, userId: theirs.ownerId }, { limit: 10, offset: 0 })).toEqual([]);
    expect(await store().count(owner(ours))).toBe(1);
    expect(await store().count({ organizationId: ours.id, userId: theirs.ownerId })).toBe(0);
    expect(await store().isOwnContactMethod(owner(ours), ids.ourMethod)).toBe(true);
    expect(await store().isOwnContactMethod(owner(ours), ids.theirMethod)).toBe(false);
    expect(await store().isOwnContactMethod({ organizationId: ours.id, userId: theirs.ownerId }, ids.theirMethod)).toBe(false);
  });

  it("plans paging from the organization's own rules only", async () => {
    const candidates = await pagingRuleCandidates(db.em(), ours.id, [ours.ownerId, theirs.ownerId]);
    expect(candidates.map((candidate) => candidate.rule_id)).toEqual([ids.ourRule]);
    expect((await pagingRuleCandidates(db.em(), theirs.id, [theirs.ownerId])).map((candidate) => candidate.rule_id)).toEqual([
      ids.theirRule,
    ]);
  });

  it("changes the member's own rules only", async () => {
    await store().update(owner(ours), ids.theirRule, rule(ids.theirMethod, 30));
    await store().update({ organizationId: ours.id, userId: theirs.ownerId }, ids.theirRule, rule(ids.theirMethod, 30));
    await store().remove(owner(ours), ids.theirRule);
    await store().remove({ organizationId: ours.id, userId: theirs.ownerId }, ids.theirRule);
    expect(await theirRuleNow()).toEqual({ delay_minutes: 5 });

    await store().update(owner(ours), ids.ourRule, rule(ids.ourMethod, 10));
    expect((await store().find(owner(ours), ids.ourRule))?.delay_minutes).toBe(10);
    await store().remove(owner(ours), ids.ourRule);
    expect(await store().count(owner(ours))).toBe(0);
    expect(await store().count(owner(theirs))).toBe(1);
  });
});
