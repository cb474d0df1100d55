import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * Failed logins of one account (by normalized email) in the current window, and the lock they
 * caused. Keyed by email, not user id, so an unknown address locks exactly like a known one and
 * a 423 does not reveal which accounts exist. Checked before any organization is known, so not
 * tenant-owned. Updated with single atomic statements so several API processes agree.
 */
export const LoginThrottleEntity = defineEntity({
  name: 'LoginThrottle',
  tableName: 'login_throttles',
  properties: {
    email: p.string().length(320).primary(),
    failures: p.integer(),
    windowStartedAt: p.datetime().index(),
    lockedUntil: p.datetime().nullable(),
  },
});

export type LoginThrottle = InferEntity<typeof LoginThrottleEntity>;
