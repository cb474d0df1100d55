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
 */
export function createLoginThrottle(deps: { em: () => EntityManager } & LoginThrottleOptions) {
  async function lockedFor(em: EntityManager, email: string): Promise<number | null> {
    const [row] = await em.execute<Array<{ retry_after: number }>>(
      `select ceil(extract(epoch from locked_until - now()))::int as retry_after
         from login_throttles where email = ? and locked_until > now()`,
      [email],
    );
    return row ? Math.max(1, row.retry_after) : null;
  }

  return {
    /** Throws 423 ACCOUNT_LOCKED (with Retry-After) while the account is locked. */
    async assertNotLocked(email: string): Promise<void> {
      const seconds = await lockedFor(deps.em(), email);
      if (seconds !== null) throw new AccountLockedError(seconds);
    },

    /** Counts a failure; throws 423 when this one reaches the threshold. */
    async recordFailure(email: string): Promise<void> {
      const seconds = await deps.em().transactional(async (tx) => {
        // A failure after the window or after an expired lock starts a new count.
        const restart = `(t.window_started_at <= now() - ? * interval '1 second' or t.locked_until <= now())`;
        await tx.execute(
          `insert into login_throttles as t (email, failures, window_started_at, locked_until) values (?, 1, now(), null)
           on conflict (email) do update set
             failures = case when ${restart} then 1 else t.failures + 1 end,
             window_started_at = case when ${restart} then now() else t.window_started_at end,
             locked_until = case when t.locked_until <= now() then null else t.locked_until end`,
          [email, deps.windowSeconds, deps.windowSeconds],
        );
        await tx.execute(
          `update login_throttles set locked_until = now() + ? * interval '1 second'
            where email = ? and failures >= ? and locked_until is null`,
          [deps.lockSeconds, email, deps.maxFailures],
          'run',
        );
        // Rows whose window and lock are both over carry no information any more.
        await tx.execute(
          `delete from login_throttles where window_started_at < now() - ? * interval '1 second'
              and (locked_until is null or locked_until < now())`,
          [deps.windowSeconds],
          'run',
        );
        return lockedFor(tx, email);
      });
      if (seconds !== null) throw new AccountLockedError(seconds);
    },

    /** A successful login (or password reset) clears the count. */
    async reset(email: string): Promise<void> {
      await deps.em().execute('delete from login_throttles where email = ?', [email], 'run');
    },
  };
}
