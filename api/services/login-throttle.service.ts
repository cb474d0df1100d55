import type { LoginThrottleStore } from '../../shared/db/access/login-throttles.ts';
import { AccountLockedError, RateLimitedError } from '../../shared/errors.ts';

export interface LoginThrottleOptions {
  maxFailures: number;
  windowSeconds: number;
  lockSeconds: number;
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

/**
 * Account lockout: `maxFailures` failed logins for one email within `windowSeconds` lock it for
 * `lockSeconds`, even with the right password. State is one PostgreSQL row per email, changed by
 * atomic statements on the database clock, so every API process sees the same count.
 *
 * An attempt is counted before its password is checked (`beginAttempt`), in the same statement
 * that decides whether it may go on, so concurrent guesses cannot all pass a check made before
 * any of them failed: at most `maxFailures` attempts per window are ever evaluated. A success
 * clears the count (`reset`); a failure only decides whether the account locks now.
 */
export function createLoginThrottle(deps: { throttles: () => LoginThrottleStore } & LoginThrottleOptions) {
  return {
    /**
     * Counts an attempt; throws 423 ACCOUNT_LOCKED (with Retry-After) while the account is locked,
     * and locks it when this attempt is one more than `maxFailures` still being counted.
     */
    async beginAttempt(email: string): Promise<void> {
      const retryAfter = await deps.throttles().countEmailAttemptAcrossOrganizations(email, deps);
      if (retryAfter !== null) throw new AccountLockedError(retryAfter);
    },

    /** After a wrong password (already counted by beginAttempt): throws 423 when the count has reached the threshold. */
    async recordFailure(email: string): Promise<void> {
      const retryAfter = await deps.throttles().lockEmailIfExhaustedAcrossOrganizations(email, deps);
      if (retryAfter !== null) throw new AccountLockedError(retryAfter);
    },

    /** A successful login (or password reset) clears the count. */
    async reset(email: string): Promise<void> {
      await deps.throttles().clearEmailAcrossOrganizations(email);
    },
  };
}

export interface LoginAddressThrottleOptions {
  maxFailures: number;
  windowSeconds: number;
}

export type LoginAddressThrottle = ReturnType<typeof createLoginAddressThrottle>;

/**
 * Failed logins per client address across accounts: one address (an IPv4 address, an IPv6 /64)
 * trying many emails, none often enough to lock any of them, gets 429 RATE_LIMITED once it has
 * failed `maxFailures` times in a fixed window of `windowSeconds`, until the window ends. The
 * address is the client's as TRUST_PROXY_HOPS defines it, so a caller cannot name its own.
 *
 * Like the account lockout, an attempt is counted before its password is checked, in the
 * statement that decides whether it may go on, and a success takes its count back (`succeeded`):
 * concurrent guesses cannot all pass a check made before any of them failed.
 */
export function createLoginAddressThrottle(deps: { throttles: () => LoginThrottleStore } & LoginAddressThrottleOptions) {
  return {
    /** Counts an attempt from `address` (a key from clientAddressKey); throws 429 when over the limit. */
    async beginAttempt(address: string): Promise<void> {
      const row = await deps.throttles().countAddressAttemptAcrossOrganizations(address, deps.windowSeconds);
      if (row && row.failures > deps.maxFailures) {
        throw new RateLimitedError(row.retry_after, 'Too many failed logins from this address; try again later');
      }
    },

    /** A successful login is not a failure: its attempt no longer counts. */
    async succeeded(address: string): Promise<void> {
      await deps.throttles().forgiveAddressAttemptAcrossOrganizations(address);
    },
  };
}
