// Kept free of Node built-ins and I/O: Temporal workflows may import this file into their sandbox.

/** Subscription plans; an organization's `plan` column holds one of these. */
export const PLANS = ['free', 'team', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

/** New organizations start here, and an unknown plan value is treated as this one. */
export const DEFAULT_PLAN: Plan = 'free';

/**
 * The spec's four rate-limit classes: `interactive` per user (and per client IP on public routes),
 * `api_key` per key, `webhook` per integration, `search` per organization.
 */
export const RATE_LIMIT_CLASSES = ['interactive', 'api_key', 'webhook', 'search'] as const;
export type RateLimitClass = (typeof RATE_LIMIT_CLASSES)[number];

export type PlanLimits = Readonly<Record<RateLimitClass, number>>;

/** Every limit is counted in fixed windows of this length. */
export const RATE_LIMIT_WINDOW_SECONDS = 3600;

/**
 * Requests per hour by plan. The default plan carries the spec's numbers (1,000 interactive, 5,000
 * per API key, 10,000 webhook alerts per integration, 500 AI searches); the spec shows no other plan's,
 * so the larger plans scale them by 5 and 20.
 */
export const PLAN_LIMITS: Readonly<Record<Plan, PlanLimits>> = Object.freeze({
  free: Object.freeze({ interactive: 1_000, api_key: 5_000, webhook: 10_000, search: 500 }),
  team: Object.freeze({ interactive: 5_000, api_key: 25_000, webhook: 50_000, search: 2_500 }),
  enterprise: Object.freeze({ interactive: 20_000, api_key: 100_000, webhook: 200_000, search: 10_000 }),
});

export function isPlan(value: unknown): value is Plan {
  return typeof value === 'string' && (PLANS as readonly string[]).includes(value);
}

/**
 * The limits that apply to an organization on `plan`; `overrides` (from configuration, e.g. small
 * numbers in tests) replace a class's number for every plan.
 */
export function planLimits(plan: string | null | undefined, overrides: Partial<Record<RateLimitClass, number>> = {}): PlanLimits {
  const base = PLAN_LIMITS[isPlan(plan) ? plan : DEFAULT_PLAN];
  const limits = { ...base };
  for (const limitClass of RATE_LIMIT_CLASSES) {
    const override = overrides[limitClass];
    if (override !== undefined) limits[limitClass] = override;
  }
  return Object.freeze(limits);
}
