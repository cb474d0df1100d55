import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * One fixed-window request counter, e.g. key `user:<id>` for the hour starting at `windowStart`.
 * Written only with `insert ... on conflict do update` (shared/db/access/rate-limit-counters.ts), so
 * every API process shares the same count. Not tenant-owned: keys span users, keys, IPs.
 */
export const RateLimitCounterEntity = defineEntity({
  name: 'RateLimitCounter',
  tableName: 'rate_limit_counters',
  // Finished windows are deleted by window start.
  indexes: [{ properties: ['windowStart'] }],
  properties: {
    key: p.string().length(200).primary(),
    windowStart: p.datetime().primary(),
    count: p.integer(),
  },
});

export type RateLimitCounter = InferEntity<typeof RateLimitCounterEntity>;
