import type { EntityManager } from '@mikro-orm/postgresql';
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
export function createLoginThrottle(deps: { em: () => EntityManager } & LoginThrottleOptions) {
  const retryAfter = `case when locked_until > now() then greatest(1, ceil(extract(epoch from locked_until - now())))::int end as retry_after`;
  // An attempt after the window or after an expired lock starts a new count.
  const restart = `(t.window_started_at <= now() - ? * interval '1 second' or t.locked_until <= now())`;

  return {
    /**
     * Counts an attempt; throws 423 ACCOUNT_LOCKED (with Retry-After) while the account is locked,
     * and locks it when this attempt is one more than `maxFailures` still being counted.
     */
    async beginAttempt(email: string): Promise<void> {
      const [row] = await deps.em().execute<Array<{ retry_after: number | null }>>(
        `insert into login_throttles as t (email, failures, window_started_at, locked_until) values (?, 1, now(), null)
         on conflict (email) do update set
           failures = case when ${restart} then 1 else t.failures + 1 end,
           window_started_at = case when ${restart} then now() else t.window_started_at end,
           locked_until = case
             when ${restart} then null
             when t.locked_until is null and t.failures + 1 > ? then now() + ? * interval '1 second'
             else t.locked_until end
         returning ${retryAfter}`,
        [email, deps.windowSeconds, deps.windowSeconds, deps.windowSeconds, deps.maxFailures, deps.lockSeconds],
      );
      if (row?.retry_after != null) throw new AccountLockedError(row.retry_after);
    },

    /** After a wrong password (already counted by beginAttempt): throws 423 when the count has reached the threshold. */
    async recordFailure(email: string): Promise<void> {
      const em = deps.em();
      const [row] = await em.execute<Array<{ retry_after: number | null }>>(
        `update login_throttles
            set locked_until = case when locked_until is null and failures >= ? then now() + ? * interval '1 second' else locked_until end
          where email = ?
         returning ${retryAfter}`,
        [deps.maxFailures, deps.lockSeconds, email],
      );
      // Rows whose window and lock are both over carry no information any more.
      await em.execute(
        `delete from login_throttles where window_started_at < now() - ? * interval '1 second'
            and (locked_until is null or locked_until < now())`,
        [deps.windowSeconds],
        'run',
      );
      if (row?.retry_after != null) throw new AccountLockedError(row.retry_after);
    },

    /** A successful login (or password reset) clears the count. */
    async reset(email: string): Promise<void> {
      await deps.em().execute('delete from login_throttles where email = ?', [email], 'run');
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
export function createLoginAddressThrottle(deps: { em: () => EntityManager } & LoginAddressThrottleOptions) {
  const expired = `t.window_started_at <= now() - ? * interval '1 second'`;
  return {
    /** Counts an attempt from `address` (a key from clientAddressKey); throws 429 when over the limit. */
    async beginAttempt(address: string): Promise<void> {
      const em = deps.em();
      const [row] = await em.execute<Array<{ failures: number; retry_after: number }>>(
        `insert into login_address_throttles as t (address, failures, window_started_at) values (?, 1, now())
         on conflict (address) do update set
           failures = case when ${expired} then 1 else t.failures + 1 end,
           window_started_at = case when ${expired} then now() else t.window_started_at end
         returning failures, greatest(1, ceil(extract(epoch from window_started_at + ? * interval '1 second' - now())))::int as retry_after`,
        [address, deps.windowSeconds, deps.windowSeconds, deps.windowSeconds],
      );
      // A new count is a good moment to drop the windows that are over.
      if (row?.failures === 1) {
        await em.execute(
          `delete from login_address_throttles where window_started_at < now() - ? * interval '1 second'`,
          [deps.windowSeconds],
          'run',
        );
      }
      if (row && row.failures > deps.maxFailures) {
        throw new RateLimitedError(row.retry_after, 'Too many failed logins from this address; try again later');
      }
    },

    /** A successful login is not a failure: its attempt no longer counts. */
    async succeeded(address: string): Promise<void> {
      await deps
        .em()
        .execute('update login_address_throttles set failures = greatest(failures - 1, 0) where address = ?', [address], 'run');
    },
  };
}
