import { randomUUID } from 'node:crypto';
import { createBillingStore } from '../../../../shared/db/access/billing.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// Every method of the store, on real PostgreSQL: another organization's plan, subscription, members
// and counters are invisible to it, and untouched by its writes.
describe('BillingStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  const store = () => createBillingStore(db.em());
  const period = new Date('2026-11-01T00:00:00Z');
  const subscriptionOf = async (organizationId: string) =>
    (
      await db.sql<{ status: string; customer_id: string | null; subscription_id: string | null }>(
        'select status, customer_id, subscription_id from billing_subscriptions where organization_id = ?',
        [organizationId],
      )
    )[0];
  const planOf = async (organizationId: string) =>
    (await db.sql<{ plan: string }>('select plan from organizations where id = ?', [organizationId]))[0]?.plan;

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    await store().activateSubscription(theirs.id, { customerId: 'cus_theirs', subscriptionId: 'sub_theirs' });
    await store().setPlan(theirs.id, 'team');
    await db.sql(
      `insert into integrations (id, organization_id, name, platform, secret_ciphertext, created_at, updated_at)
       values (gen_random_uuid(), ?, 'Hook', 'metrics_alerts', 'sealed', now(), now())`,
      [theirs.id],
    );
    await db.sql(`insert into usage_counters (organization_id, metric, period_start, count) values (?, 'alerts', ?::date, 7)`, [
      theirs.id,
      '2026-11-01',
    ]);
  });
  afterAll(() => db?.stop());

  it("reads the organization's own plan, subscription, members, integrations and counters only", async () => {
    expect(await store().overview(ours.id, period)).toEqual({ plan: 'free', status: null, members: 1, integrations: 0, usage: {} });
    expect(await store().overview(theirs.id, period)).toMatchObject({ plan: 'team', status: 'active', members: 1, integrations: 1 });
    expect(Number((await store().overview(theirs.id, period))?.usage.alerts)).toBe(7);
    expect(await store().checkoutContext(ours.id, theirs.ownerId)).toEqual({ plan: 'free', customer_id: null, email: null });
    expect(await store().checkoutContext(ours.id, ours.ownerId)).toEqual({ plan: 'free', customer_id: null, email: ours.ownerEmail });
    expect(await store().checkoutContext(theirs.id, theirs.ownerId)).toMatchObject({ customer_id: 'cus_theirs' });
  });

  it("finds the organization's own subscription first, another's only by its subscription id", async () => {
    await store().activateSubscription(ours.id, { customerId: 'cus_ours', subscriptionId: 'sub_ours' });
    // An event naming our organization with their subscription's id reads our row, not theirs.
    expect(await store().findSubscription(ours.id, 'sub_theirs')).toEqual({ organization_id: ours.id, subscription_id: 'sub_ours' });
    expect(await store().findSubscription(null, 'sub_theirs')).toEqual({ organization_id: theirs.id, subscription_id: 'sub_theirs' });
    expect(await store().findSubscription(null, 'sub_unknown')).toBeUndefined();
  });

  it("changes the organization's own plan and subscription only", async () => {
    await store().transaction(async (tx) => {
      expect(await tx.setPlan(ours.id, 'business')).toBe(true);
      expect(await tx.setPlan(ours.id, 'business', { onlyIfDifferent: true })).toBe(false);
      await tx.activateSubscription(ours.id, { customerId: null, subscriptionId: 'sub_ours_2' });
      await tx.setSubscriptionStatus(ours.id, 'past_due');
    });
    expect(await planOf(ours.id)).toBe('business');
    expect(await subscriptionOf(ours.id)).toEqual({ status: 'past_due', customer_id: 'cus_ours', subscription_id: 'sub_ours_2' });
    expect(await planOf(theirs.id)).toBe('team');
    expect(await subscriptionOf(theirs.id)).toEqual({ status: 'active', customer_id: 'cus_theirs', subscription_id: 'sub_theirs' });
    expect(await store().setPlan(randomUUID(), 'team')).toBe(false);
  });

  it("records provider events once, whichever organization's (provider event ids are every organization's, by design)", async () => {
    expect(await store().recordEvent({ id: 'evt_1', type: 'checkout.session.completed', organizationId: theirs.id })).toBe(true);
    expect(await store().recordEvent({ id: 'evt_1', type: 'checkout.session.completed', organizationId: ours.id })).toBe(false);
    const [event] = await db.sql<{ organization_id: string }>('select organization_id from billing_events where id = ?', ['evt_1']);
    expect(event?.organization_id).toBe(theirs.id);
  });
});
