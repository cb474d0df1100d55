import Stripe from 'stripe';
import { resolveStripeMock, startStripeMock, type RunningStripeMock } from '../../dev/stripe-mock.ts';
import { PLAN_QUOTAS } from '../../shared/domain/billing.ts';
import { toolCacheDir } from '../../shared/load-config.ts';
import { appDepsOver, httpOf } from '../helpers/app-deps.ts';
import { addMember, bearer } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { alertmanagerBody, createIntegration, postSigned } from '../helpers/webhooks.ts';

const WEBHOOK_SECRET = 'whsec_test_billing_secret';
// Only signing is used here: no request leaves this client.
const signer = new Stripe('sk_test_signer_only');

/** A Stripe event as Stripe would post it: the JSON body and its `Stripe-Signature`, made by the official client. */
function signedEvent(id: string, type: string, object: Record<string, unknown>, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  return { payload, header: signer.webhooks.generateTestHeaderString({ payload, secret }) };
}

describe('billing (integration: real PostgreSQL, Temporal, stripe-mock)', () => {
  let stack: TestStack;
  let stripeMock: RunningStripeMock;
  beforeAll(async () => {
    stripeMock = await startStripeMock(
      await resolveStripeMock({ explicitPath: process.env.STRIPE_MOCK_PATH || undefined, cacheDir: toolCacheDir() }),
    );
    stack = await startTestStack({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_123',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_PRICE_TEAM: 'price_team_monthly',
        STRIPE_API_BASE: stripeMock.url,
        PUBLIC_URL: 'https://tocsin.example.test',
      },
    });
  }, 180_000);
  afterAll(async () => {
    await stack?.stop();
    await stripeMock?.stop();
  });

  const post = (event: { payload: string; header: string }) =>
    stack.http
      .post('/api/v1/billing/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', event.header)
      .send(event.payload);

  it('shows plan, limits and usage counted from real traffic; to every member but viewers, checkout to owners only', async () => {
    const owner = await registerOwner(stack.http, 'usage');
    const admin = await addMember(stack, owner.token, 'admin');
    const engineer = await addMember(stack, owner.token, 'engineer');
    const viewer = await addMember(stack, owner.token, 'viewer');
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    const firstBilling = await stack.http.get('/api/v1/billing').set(bearer(owner.token)).expect(200);
    const before = firstBilling.body.data.usage;
    for (let i = 0; i < 3; i += 1) await stack.http.get('/api/v1/incidents').set(bearer(engineer.token)).expect(200);
    await stack.http.post('/api/v1/search/query').set(bearer(engineer.token)).send({ query: 'disk full' });
    await postSigned(stack.http, 'metrics_alerts', integration, alertmanagerBody('billing-usage-1', 'firing')).expect(200);
    await stack.http.get('/api/v1/billing').set(bearer(engineer.token)).expect(200);
    await stack.http.get('/api/v1/billing').set(bearer(viewer.token)).expect(403);
    await stack.http.post('/api/v1/billing/checkout').set(bearer(admin.token)).send({ plan: 'team' }).expect(403);

    const billing = await stack.http.get('/api/v1/billing').set(bearer(admin.token)).expect(200);
    expect(billing.body.data).toMatchObject({
      plan: 'free',
      status: 'active',
      provider: 'stripe',
      limits: {
        interactive_per_hour: 1000,
        api_key_per_hour: 5000,
        webhook_per_hour: 10000,
        search_per_hour: 500,
        members: 5,
        integrations: 3,
      },
      usage: { members: 4, integrations: 1 },
    });
    const usage = billing.body.data.usage;
    // Between the two reads: three lists, one search, two GETs (one refused), the refused checkout, and this read.
    expect(usage.api_requests - before.api_requests).toBe(8);
    expect(usage.search_queries - before.search_queries).toBe(1);
    expect(usage.alerts_ingested - before.alerts_ingested).toBe(1);
    expect(new Date(usage.period_start).getUTCDate()).toBe(1);
  });

  it('opens a Stripe checkout session for the owner', async () => {
    const owner = await registerOwner(stack.http, 'checkout');
    const response = await stack.http
      .post('/api/v1/billing/checkout')
      .set(bearer(owner.token))
      .send({ plan: 'team', success_url: 'https://app.example.test/done' })
      .expect(201);
    expect(response.body.data).toEqual({ checkout_url: expect.any(String), session_id: expect.stringMatching(/^cs_/) });
    // No price for enterprise here; and free is not sold.
    await stack.http.post('/api/v1/billing/checkout').set(bearer(owner.token)).send({ plan: 'enterprise' }).expect(422);
    await stack.http.post('/api/v1/billing/checkout').set(bearer(owner.token)).send({ plan: 'free' }).expect(422);
  });

  it('answers 409 BILLING_NOT_CONFIGURED without a provider', async () => {
    const http = httpOf(
      appDepsOver(stack, {
        config: { STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined },
        runtime: { requestCaches: stack.requestCaches },
      }),
    );
    const owner = await registerOwner(http, 'unconfigured');
    const checkout = await http.post('/api/v1/billing/checkout').set(bearer(owner.token)).send({ plan: 'team' }).expect(409);
    expect(checkout.body.code).toBe('BILLING_NOT_CONFIGURED');
    // Nothing could lift a plan's cap here: seats and integrations are uncapped, the hourly limits stay.
    for (let i = 0; i <= PLAN_QUOTAS.free.integrations; i += 1) await createIntegration(http, owner.token, 'metrics_alerts');
    const billing = await http.get('/api/v1/billing').set(bearer(owner.token)).expect(200);
    expect(billing.body.data).toMatchObject({
      provider: null,
      limits: { interactive_per_hour: 1000, members: null, integrations: null },
      usage: { integrations: PLAN_QUOTAS.free.integrations + 1 },
    });
    const event = signedEvent('evt_unconfigured', 'checkout.session.completed', {
      client_reference_id: owner.organization.id,
      metadata: { plan: 'team' },
    });
    await http.post('/api/v1/billing/webhook').set('Stripe-Signature', event.header).send(event.payload).expect(409);
  });

  it("applies signed events once; the new plan's limits apply to the next request", async () => {
    const owner = await registerOwner(stack.http, 'plan');
    const other = await registerOwner(stack.http, 'bystander');
    const limitOf = async (token: string) =>
      Number((await stack.http.get('/api/v1/incidents').set(bearer(token)).expect(200)).headers['x-ratelimit-limit']);
    expect(await limitOf(owner.token)).toBe(1000);

    const forged = signedEvent(
      'evt_forged',
      'checkout.session.completed',
      { client_reference_id: owner.organization.id, metadata: { plan: 'enterprise' } },
      'whsec_not_ours',
    );
    const refused = await post(forged).expect(401);
    expect(refused.body.error.code).toBe('WEBHOOK_VALIDATION_FAILED');
    await stack.http.post('/api/v1/billing/webhook').set('Content-Type', 'application/json').send(forged.payload).expect(401);
    // A valid signature over other bytes is refused too: the raw body is what is verified.
    await post({ payload: forged.payload.replace('enterprise', 'team'), header: signedEvent('x', 'y', {}).header }).expect(401);

    const completed = signedEvent('evt_completed_1', 'checkout.session.completed', {
      id: 'cs_test_1',
      client_reference_id: owner.organization.id,
      customer: 'cus_1',
      subscription: 'sub_1',
      payment_status: 'paid',
      metadata: { organization_id: owner.organization.id, plan: 'team' },
    });
    expect((await post(completed).expect(200)).body).toEqual({ received: true, duplicate: false, applied: 'subscribe' });
    expect(await limitOf(owner.token)).toBe(5000);
    expect(await limitOf(other.token)).toBe(1000);
    const billing = await stack.http.get('/api/v1/billing').set(bearer(owner.token)).expect(200);
    expect(billing.body.data).toMatchObject({ plan: 'team', status: 'active', limits: { interactive_per_hour: 5000, members: 25 } });

    // The subscription ends: back to free. Replaying the checkout afterwards must not upgrade again.
    const deleted = signedEvent('evt_deleted_1', 'customer.subscription.deleted', {
      id: 'sub_1',
      customer: 'cus_1',
      metadata: { organization_id: owner.organization.id },
    });
    expect((await post(deleted).expect(200)).body.applied).toBe('cancel');
    expect(await limitOf(owner.token)).toBe(1000);
    expect((await post(completed).expect(200)).body).toEqual({ received: true, duplicate: true, applied: null });
    expect(await limitOf(owner.token)).toBe(1000);
    const after = await stack.http.get('/api/v1/billing').set(bearer(owner.token)).expect(200);
    expect(after.body.data).toMatchObject({ plan: 'free', status: 'canceled' });
    const [{ count }] = await stack.orm.em
      .fork()
      .execute<Array<{ count: string }>>('select count(*) from billing_events where id = ?', ['evt_completed_1']);
    expect(Number(count)).toBe(1);
  });

  it('applies the plan only once the payment is in, and takes it back when the subscription goes unpaid', async () => {
    const owner = await registerOwner(stack.http, 'unpaid');
    const planOf = async () => (await stack.http.get('/api/v1/billing').set(bearer(owner.token)).expect(200)).body.data;
    const session = {
      id: 'cs_test_unpaid',
      client_reference_id: owner.organization.id,
      customer: 'cus_unpaid',
      subscription: 'sub_unpaid',
      metadata: { organization_id: owner.organization.id, plan: 'enterprise' },
    };
    // A delayed payment method: the checkout completes before any money arrives.
    await post(signedEvent('evt_unpaid_completed', 'checkout.session.completed', { ...session, payment_status: 'unpaid' })).expect(200);
    expect(await planOf()).toMatchObject({ plan: 'free' });
    await post(signedEvent('evt_unpaid_failed', 'checkout.session.async_payment_failed', { ...session, payment_status: 'unpaid' })).expect(
      200,
    );
    expect(await planOf()).toMatchObject({ plan: 'free' });
    await post(
      signedEvent('evt_unpaid_succeeded', 'checkout.session.async_payment_succeeded', { ...session, payment_status: 'paid' }),
    ).expect(200);
    expect(await planOf()).toMatchObject({ plan: 'enterprise', status: 'active' });

    // Renewals fail until Stripe gives up: the plan goes; paid again, it comes back.
    const subscription = {
      id: 'sub_unpaid',
      customer: 'cus_unpaid',
      metadata: { organization_id: owner.organization.id, plan: 'enterprise' },
    };
    await post(signedEvent('evt_unpaid_past_due', 'customer.subscription.updated', { ...subscription, status: 'past_due' })).expect(200);
    expect(await planOf()).toMatchObject({ plan: 'enterprise', status: 'past_due' });
    const unpaid = await post(
      signedEvent('evt_unpaid_unpaid', 'customer.subscription.updated', { ...subscription, status: 'unpaid' }),
    ).expect(200);
    expect(unpaid.body.applied).toBe('cancel');
    expect(await planOf()).toMatchObject({ plan: 'free', status: 'unpaid', limits: { interactive_per_hour: 1000 } });
    await post(signedEvent('evt_unpaid_active', 'customer.subscription.updated', { ...subscription, status: 'active' })).expect(200);
    expect(await planOf()).toMatchObject({ plan: 'enterprise', status: 'active' });
    // Another subscription's good standing restores nothing.
    await post(
      signedEvent('evt_unpaid_expired', 'customer.subscription.updated', { ...subscription, status: 'incomplete_expired' }),
    ).expect(200);
    expect(await planOf()).toMatchObject({ plan: 'free', status: 'incomplete_expired' });
    await post(
      signedEvent('evt_unpaid_other', 'customer.subscription.updated', { ...subscription, id: 'sub_someone_else', status: 'active' }),
    ).expect(200);
    expect(await planOf()).toMatchObject({ plan: 'free' });
  });

  it('changes the plan through billing only', async () => {
    const owner = await registerOwner(stack.http, 'only-billing');
    await stack.http.patch('/api/v1/organizations').set(bearer(owner.token)).send({ plan: 'enterprise' }).expect(422);
    await stack.http.patch('/api/v1/organization-settings').set(bearer(owner.token)).send({ plan: 'enterprise' }).expect(422);
    expect((await stack.http.get('/api/v1/billing').set(bearer(owner.token)).expect(200)).body.data.plan).toBe('free');
  });
});
