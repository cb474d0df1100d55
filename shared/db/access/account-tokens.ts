import type { EntityManager } from '@mikro-orm/postgresql';
import type { AccountTokenPurpose } from '../entities/index.ts';

/**
 * Marks a live, unused account token spent in one statement (so two concurrent uses cannot both
 * succeed); its user id, or undefined when the token is unknown, used or expired.
 */
export async function consumeAccountToken(em: EntityManager, tokenHash: string, purpose: AccountTokenPurpose): Promise<string | undefined> {
  const [row] = await em.execute<Array<{ user_id: string }>>(
    `update account_tokens set used_at = now()
      where token_hash = ? and purpose = ? and used_at is null and expires_at > now()
      returning user_id`,
    [tokenHash, purpose],
  );
  return row?.user_id;
}
