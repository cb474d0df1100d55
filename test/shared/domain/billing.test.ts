import {
  billingChangeOf,
  billingLimits,
  billingPeriod,
  planQuotas,
  quotaAllowsOneMore,
  type ProviderEvent,
} from '../../../shared/domain/billing.ts';

const ORG = '0b6f3c1e-6a1d-4c7e-9d8a-2f4b5c6d7e8f';
const event = (type: string, object: Record<string, unknown>): ProviderEvent => ({ id: 'evt_1', type, data: { object } });

describe('billingPeriod', () => {
  it.each([
    ['2026-11-24T10:00:00.000Z', '2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z'],
    ['2026-12-31T23:59:59.999Z', '2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'],
    ['2027-01-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z', '2027-02-01T00:00:00.000Z'],
  ])('%s falls in [%s, %s)', (now, start, end) => {
    const period = billingPeriod(new Date(now));
    expect([period.start.toISOString(), period.end.toISOString()]).toEqual([start, end]);
  });
});

describe('billingLimits', () => {
  it("shows the rate limiter's numbers for the plan, overrides included, and the plan's quotas", () => {
    expect(billingLimits('team')).toEqual({
      interactive_per_hour: 5000,
      api_key_per_hour: 25000,
      webhook_per_hour: 50000,
      search_per_hour: 2500,
      members: 25,
      integrations: 15,
    });
    expect(billingLimits('nonsense', { search: 3 })).toMatchObject({ interactive_per_hour: 1000, search_per_hour: 3, members: 5 });
  });
});

describe('planQuotas and quotaAllowsOneMore', () => {
  it.each<[string, Parameters<typeof planQuotas>[1], 'members' | 'integrations', number, boolean]>([
    ['free', {}, 'members', 4, true],
    ['free', {}, 'members', 5, false],
    ['free', {}, 'integrations', 2, true],
    ['free', {}, 'integrations', 3, false],
    ['team', {}, 'members', 24, true],
    ['team', {}, 'integrations', 15, false],
    // A downgrade can leave more than the quota: still nothing more.
    ['free', {}, 'integrations', 7, false],
    ['nonsense', {}, 'members', 5, false],
    ['enterprise', { members: 2 }, 'members', 2, false],
    ['free', { integrations: 50 }, 'integrations', 3, true],
    ['free', { integrations: undefined }, 'integrations', 3, false],
  ])('%s plan, overrides %j: one more of %s with %d used is allowed: %s', (plan, overrides, resource, used, allowed) => {
    expect(quotaAllowsOneMore(planQuotas(plan, overrides), resource, used)).toBe(allowed);
  });

  it('shows the overridden quotas in the billing limits', () => {
    expect(billingLimits('free', {}, { members: 9 })).toMatchObject({ members: 9, integrations: 3 });
  });

  // Without a billing provider nothing can lift a plan's cap: only the operator's own caps apply.
  it.each<[string, Parameters<typeof planQuotas>[1], 'members' | 'integrations', number, boolean]>([
    ['free', {}, 'integrations', 3, true],
    ['free', {}, 'members', 5, true],
    ['free', {}, 'integrations', 10_000, true],
    ['free', { integrations: 4 }, 'integrations', 3, true],
    ['free', { integrations: 4 }, 'integrations', 4, false],
    ['team', { members: 2 }, 'members', 2, false],
  ])('without billing: %s plan, overrides %j: one more of %s with %d used is allowed: %s', (plan, overrides, resource, used, allowed) => {
    expect(quotaAllowsOneMore(planQuotas(plan, overrides, { billingConfigured: false }), resource, used)).toBe(allowed);
  });

  it('shows no seat or integration cap in the billing limits without billing, and keeps the hourly limits', () => {
    expect(billingLimits('free', {}, {}, { billingConfigured: false })).toEqual({
      interactive_per_hour: 1000,
      api_key_per_hour: 5000,
      webhook_per_hour: 10000,
      search_per_hour: 500,
      members: null,
      integrations: null,
    });
    expect(billingLimits('free', {}, { integrations: 7 }, { billingConfigured: false })).toMatchObject({ members: null, integrations: 7 });
  });
});

describe('billingChangeOf', () => {
  it.each<[string, ProviderEvent, ReturnType<typeof billingChangeOf>]>([
    [
      'a completed checkout subscribes the referenced organization',
      event('checkout.session.completed', {
        client_reference_id: ORG,
        metadata: { plan: 'team' },
        payment_status: 'paid',
        customer: 'cus_1',
        subscription: 'sub_1',
      }),
      { kind: 'subscribe', organizationId: ORG, plan: 'team', customerId: 'cus_1', subscriptionId: 'sub_1' },
    ],
    [
      'a completed checkout with nothing due (a trial, a full discount) subscribes',
      event('checkout.session.completed', { client_reference_id: ORG, metadata: { plan: 'team' }, payment_status: 'no_payment_required' }),
      { kind: 'subscribe', organizationId: ORG, plan: 'team', customerId: null, subscriptionId: null },
    ],
    [
      'a completed checkout whose payment is still pending changes nothing',
      event('checkout.session.completed', { client_reference_id: ORG, metadata: { plan: 'team' }, payment_status: 'unpaid' }),
      null,
    ],
    [
      'a completed checkout saying nothing of its payment changes nothing',
      event('checkout.session.completed', { client_reference_id: ORG, metadata: { plan: 'team' } }),
      null,
    ],
    [
      'the pending payment succeeding subscribes',
      event('checkout.session.async_payment_succeeded', {
        client_reference_id: ORG,
        metadata: { plan: 'enterprise' },
        payment_status: 'paid',
        subscription: 'sub_2',
      }),
      { kind: 'subscribe', organizationId: ORG, plan: 'enterprise', customerId: null, subscriptionId: 'sub_2' },
    ],
    [
      'the pending payment failing changes nothing',
      event('checkout.session.async_payment_failed', { client_reference_id: ORG, metadata: { plan: 'team' }, payment_status: 'unpaid' }),
      null,
    ],
    [
      'the organization may come from metadata, references expanded',
      event('checkout.session.completed', {
        client_reference_id: null,
        metadata: { organization_id: ORG, plan: 'enterprise' },
        payment_status: 'paid',
        customer: { id: 'cus_2' },
        subscription: null,
      }),
      { kind: 'subscribe', organizationId: ORG, plan: 'enterprise', customerId: 'cus_2', subscriptionId: null },
    ],
    [
      'a checkout for a plan that is not sold changes nothing',
      event('checkout.session.completed', { client_reference_id: ORG, metadata: { plan: 'free' }, payment_status: 'paid' }),
      null,
    ],
    [
      'a checkout naming no organization changes nothing',
      event('checkout.session.completed', { client_reference_id: 'not-a-uuid', metadata: { plan: 'team' }, payment_status: 'paid' }),
      null,
    ],
    [
      'a deleted subscription cancels',
      event('customer.subscription.deleted', { id: 'sub_1', customer: 'cus_1', metadata: { organization_id: ORG } }),
      { kind: 'cancel', organizationId: ORG, subscriptionId: 'sub_1', customerId: 'cus_1', status: 'canceled' },
    ],
    ...(['unpaid', 'incomplete_expired', 'canceled'] as const).map(
      (status): [string, ProviderEvent, ReturnType<typeof billingChangeOf>] => [
        `a subscription updated to ${status} cancels`,
        event('customer.subscription.updated', {
          id: 'sub_1',
          status,
          customer: 'cus_1',
          metadata: { organization_id: ORG, plan: 'team' },
        }),
        { kind: 'cancel', organizationId: ORG, subscriptionId: 'sub_1', customerId: 'cus_1', status },
      ],
    ),
    [
      'a subscription past due (Stripe still retrying) records its status and keeps the plan',
      event('customer.subscription.updated', { id: 'sub_1', status: 'past_due', metadata: { plan: 'team' } }),
      { kind: 'status', organizationId: null, subscriptionId: 'sub_1', status: 'past_due' },
    ],
    [
      'a subscription active again names its plan, to restore',
      event('customer.subscription.updated', { id: 'sub_1', status: 'active', metadata: { organization_id: ORG, plan: 'team' } }),
      { kind: 'status', organizationId: ORG, subscriptionId: 'sub_1', status: 'active', plan: 'team' },
    ],
    ['other events are ignored', event('invoice.paid', { id: 'in_1' }), null],
  ])('%s', (_name, input, expected) => {
    expect(billingChangeOf(input)).toEqual(expected);
  });
});
