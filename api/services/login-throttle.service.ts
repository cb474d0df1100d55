import type { EntityManager } from '@mikro-orm/postgresql';
import { AccountLockedError } from '../../shared/errors.ts';

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
