// What the OpenAPI document says of each billing operation, by operationId (api/routes/billing.routes.ts).

export const billingDocs = {
  getBilling:
    "Limits are the rate limiter's own per-hour numbers for the plan (after any override the operator configured) and the plan's seat and integration quotas. " +
    'Plans cap seats and integrations only where billing is configured: without a payment provider `limits.members` and `limits.integrations` are null (no cap) ' +
    'unless the operator set caps of their own; the hourly rate limits apply either way. ' +
    'Usage covers the current calendar month (UTC): alerts accepted by the webhooks, authenticated API requests and search queries, counted from real traffic ' +
    '(each API process adds its counts every 250 ms); `members` and `integrations` are the current numbers. Every member but viewers (`billing:read`); checkout is for owners.',
  createBillingCheckout:
    'Owner only (`billing:update`). Opens a Stripe Checkout session for a subscription to the plan (at the price the operator configured for that plan); the plan changes only when Stripe ' +
    'reports the completed checkout to `POST /billing/webhook`. 409 `BILLING_NOT_CONFIGURED` when the instance has no billing provider; 409 `CONFLICT` when already on the plan; ' +
    '422 when no price is configured for it.',
  billingWebhook:
    "Verified with `Stripe-Signature` against the instance's Stripe webhook secret over the raw body; a bad or missing signature is 401 `WEBHOOK_VALIDATION_FAILED` (webhook error shape). " +
    "`checkout.session.completed` with `payment_status` `paid` or `no_payment_required`, or `checkout.session.async_payment_succeeded`, sets the plan named in the session's " +
    'metadata on the organization in `client_reference_id` (a checkout whose payment is still pending changes nothing). `customer.subscription.deleted` of the ' +
    "organization's current subscription, or `customer.subscription.updated` to `unpaid`, `incomplete_expired` or `canceled`, returns it to `free`; other updates record " +
    'the status, and the paid-for subscription back to `active` or `trialing` restores its plan. Each event id is applied once: a replay answers ' +
    "`duplicate: true`. The new plan's limits apply from the next request, in every API process. 409 `BILLING_NOT_CONFIGURED` without a webhook secret.",
} as const;
