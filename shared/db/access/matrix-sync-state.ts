import type { EntityManager } from '@mikro-orm/postgresql';

/** An organization's Matrix connection, as the sync supervisor finds it. */
export interface MatrixConnectionRow {
  organization_id: string;
  config_sealed: string;
  /** When the connection was last saved (a new bot token starts reading from about then). */
  updated_at: Date;
}

/**
 * The Matrix bots' sync positions and leases (`matrix_sync_state`): one row per organization, the
 * `since` token valid only for the bot account it was read with (`account`, a fingerprint).
 */
export function createMatrixSyncStateStore(em: () => EntityManager) {
  return {
    /** Every organization with a Matrix connection: every organization's, by design, as each gets a sync loop. */
    connections: () =>
      em()
        .fork()
        .execute<MatrixConnectionRow[]>(
          `select organization_id, config_sealed, updated_at from channel_connections where kind = 'matrix' order by organization_id`,
        ),

    /**
     * Takes or renews the organization's lease for `owner` until `seconds` from now; false when
     * another worker holds a live one.
     */
    async lease(organizationId: string, account: string, owner: string, seconds: number): Promise<boolean> {
      const rows = await em()
        .fork()
        .execute<Array<{ organization_id: string }>>(
          `insert into matrix_sync_state (organization_id, account, since_token, lease_owner, lease_until, updated_at)
           values (?, ?, null, ?, now() + make_interval(secs => ?), now())
           on conflict (organization_id) do update
             set lease_owner = excluded.lease_owner, lease_until = excluded.lease_until
             where matrix_sync_state.lease_owner = excluded.lease_owner
                or matrix_sync_state.lease_until is null or matrix_sync_state.lease_until < now()
           returning organization_id`,
          [organizationId, account, owner, seconds],
        );
      return rows.length > 0;
    },

    /** Gives the lease up (a stopping worker), so another takes over at once. */
    async release(organizationId: string, owner: string): Promise<void> {
      await em()
        .fork()
        .execute(`update matrix_sync_state set lease_until = null where organization_id = ? and lease_owner = ?`, [organizationId, owner]);
    },

    /** The token to sync from, or null when there is none for this bot account (a first start, or another bot). */
    async since(organizationId: string, account: string): Promise<string | null> {
      const [row] = await em()
        .fork()
        .execute<Array<{ since_token: string | null }>>(
          `select since_token from matrix_sync_state where organization_id = ? and account = ?`,
          [organizationId, account],
        );
      return row?.since_token ?? null;
    },

    /** Records how far the bot has read, while `owner` holds the lease: a worker that lost it writes nothing. */
    async saveSince(organizationId: string, account: string, owner: string, since: string): Promise<void> {
      await em()
        .fork()
        .execute(
          `update matrix_sync_state set account = ?, since_token = ?, updated_at = now() where organization_id = ? and lease_owner = ?`,
          [account, since, organizationId, owner],
        );
    },
  };
}

export type MatrixSyncStateStore = ReturnType<typeof createMatrixSyncStateStore>;
