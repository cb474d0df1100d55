import type { EntityManager } from '@mikro-orm/postgresql';

export interface SeenRequestStore {
  /**
   * Records a signed request (or single-use value) until `expiresAt`; false when it was already
   * recorded and has not expired: a replay, in whichever API process it arrives.
   */
  firstSeen(vendor: string, signature: string, expiresAt: Date): Promise<boolean>;
}

/**
 * Signatures of inbound vendor requests (`seen_request_signatures`), every organization's, by design:
 * a vendor's signature names no organization. Expired rows are pruned as new ones arrive.
 */
export function createSeenRequestStore(em: EntityManager): SeenRequestStore {
  return {
    async firstSeen(vendor, signature, expiresAt) {
      // An expired row of the same signature is taken over: its window is over, the timestamp check refuses it anyway.
      const rows = await em.execute<Array<{ signature: string }>>(
        `insert into seen_request_signatures (vendor, signature, expires_at) values (?, ?, ?)
         on conflict (vendor, signature) do update set expires_at = excluded.expires_at
           where seen_request_signatures.expires_at < now()
         returning signature`,
        [vendor, signature, expiresAt],
      );
      await em.execute(
        'delete from seen_request_signatures where ctid in (select ctid from seen_request_signatures where expires_at < now() limit 100)',
      );
      return rows.length > 0;
    },
  };
}
