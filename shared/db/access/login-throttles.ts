import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Failed-login counts per email (`login_throttles`) and per client address
 * (`login_address_throttles`), changed by atomic statements on the database clock so every API
 * process sees the same count.
 */

const retryAfter = `case when locked_until > now() then greatest(1, ceil(extract(epoch from locked_until - now())))::int end as retry_after`;
// An attempt after the window or after an expired lock starts a new count.
const restart = `(t.window_started_at <= now() - ? * interval '1 second' or t.locked_until <= now())`;

/**
 * Counts a login attempt for the email, and locks the account when this attempt is one more than
 * `maxFailures` still being counted; the seconds until the lock ends, or null when not locked.
 */
export async function countLoginAttempt(
  em: EntityManager,
  email: string,
  limits: { maxFailures: number; windowSeconds: number; lockSeconds: number },
): Promise<number | null> {
  const [row] = await em.execute<Array<{ retry_after: number | null }>>(
    `insert into login_throttles as t (email, failures, window_started_at, locked_until) values (?, 1, now(), null)
     on conflict (email) do update set
       failures = case when ${restart} then 1 else t.failures + 1 end,
       window_started_at = case when ${restart} then now() else t.window_started_at end,
       locked_until = case
         when ${restart} then null
         when t.locked_until is null and t.failures + 1 > ? then now() + ? * interval '1 second'
         else t.locked_until end
     returning ${retryAfter}`,
    [email, limits.windowSeconds, limits.windowSeconds, limits.windowSeconds, limits.maxFailures, limits.lockSeconds],
  );
  return row?.retry_after ?? null;
}

/**
 * Locks the account when its count has reached `maxFailures`, and prunes the rows whose window and
 * lock are both over; the seconds until the lock ends, or null when not locked.
 */
export async function lockLoginIfExhausted(
  em: EntityManager,
  email: string,
  limits: { maxFailures: number; windowSeconds: number; lockSeconds: number },
): Promise<number | null> {
  const [row] = await em.execute<Array<{ retry_after: number | null }>>(
    `update login_throttles
        set locked_until = case when locked_until is null and failures >= ? then now() + ? * interval '1 second' else locked_until end
      where email = ?
     returning ${retryAfter}`,
    [limits.maxFailures, limits.lockSeconds, email],
  );
  // Rows whose window and lock are both over carry no information any more.
  await em.execute(
    `delete from login_throttles where window_started_at < now() - ? * interval '1 second'
        and (locked_until is null or locked_until < now())`,
    [limits.windowSeconds],
    'run',
  );
  return row?.retry_after ?? null;
}

/** Clears the email's count. */
export async function clearLoginThrottle(em: EntityManager, email: string): Promise<void> {
  await em.execute('delete from login_throttles where email = ?', [email], 'run');
}

/**
 * Counts a failed-login attempt from the address in its fixed window (a new window once the last
 * is over, pruning the windows that are over); the count and the seconds until the window ends.
 */
export async function countAddressAttempt(
  em: EntityManager,
  address: string,
  windowSeconds: number,
): Promise<{ failures: number; retry_after: number } | undefined> {
  const expired = `t.window_started_at <= now() - ? * interval '1 second'`;
  const [row] = await em.execute<Array<{ failures: number; retry_after: number }>>(
    `insert into login_address_throttles as t (address, failures, window_started_at) values (?, 1, now())
     on conflict (address) do update set
       failures = case when ${expired} then 1 else t.failures + 1 end,
       window_started_at = case when ${expired} then now() else t.window_started_at end
     returning failures, greatest(1, ceil(extract(epoch from window_started_at + ? * interval '1 second' - now())))::int as retry_after`,
    [address, windowSeconds, windowSeconds, windowSeconds],
  );
  // A new count is a good moment to drop the windows that are over.
  if (row?.failures === 1) {
    await em.execute(
      `delete from login_address_throttles where window_started_at < now() - ? * interval '1 second'`,
      [windowSeconds],
      'run',
    );
  }
  return row;
}

/** Takes one attempt back from the address's count. */
export async function forgiveAddressAttempt(em: EntityManager, address: string): Promise<void> {
  await em.execute('update login_address_throttles set failures = greatest(failures - 1, 0) where address = ?', [address], 'run');
}

/**
 * Failed-login counts, read and written before anyone is authenticated: an email or a client
 * address names them, not an organization, so every method looks across organizations by design.
 */
export interface LoginThrottleStore {
  /** See countLoginAttempt. */
  countEmailAttemptAcrossOrganizations(
    email: string,
    limits: { maxFailures: number; windowSeconds: number; lockSeconds: number },
  ): Promise<number | null>;
  /** See lockLoginIfExhausted. */
  lockEmailIfExhaustedAcrossOrganizations(
    email: string,
    limits: { maxFailures: number; windowSeconds: number; lockSeconds: number },
  ): Promise<number | null>;
  clearEmailAcrossOrganizations(email: string): Promise<void>;
  /** See countAddressAttempt. */
  countAddressAttemptAcrossOrganizations(
    address: string,
    windowSeconds: number,
  ): Promise<{ failures: number; retry_after: number } | undefined>;
  forgiveAddressAttemptAcrossOrganizations(address: string): Promise<void>;
}

export function createLoginThrottleStore(em: EntityManager): LoginThrottleStore {
  return {
    countEmailAttemptAcrossOrganizations: (email, limits) => countLoginAttempt(em, email, limits),
    lockEmailIfExhaustedAcrossOrganizations: (email, limits) => lockLoginIfExhausted(em, email, limits),
    clearEmailAcrossOrganizations: (email) => clearLoginThrottle(em, email),
    countAddressAttemptAcrossOrganizations: (address, windowSeconds) => countAddressAttempt(em, address, windowSeconds),
    forgiveAddressAttemptAcrossOrganizations: (address) => forgiveAddressAttempt(em, address),
  };
}
