import type { EntityManager } from '@mikro-orm/postgresql';

/** An organization's connection of one kind: the config sealed, its safe summary public. */
export interface ChannelConnectionRow {
  organization_id: string;
  kind: string;
  config_sealed: string;
  summary: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

export interface ChannelConnectionStore {
  list(organizationId: string): Promise<ChannelConnectionRow[]>;
  find(organizationId: string, kind: string): Promise<ChannelConnectionRow | undefined>;
  /** Creates or replaces the organization's connection of this kind. */
  put(organizationId: string, kind: string, connection: { sealed: string; summary: Record<string, unknown> }): Promise<void>;
  /** Whether there was one to remove. */
  remove(organizationId: string, kind: string): Promise<boolean>;
}

const COLUMNS = 'organization_id, kind, config_sealed, summary, created_at, updated_at';

/** Organizations' channel connections (`channel_connections`), each confined to its organization. */
export function createChannelConnectionStore(em: EntityManager): ChannelConnectionStore {
  return {
    list: (organizationId) =>
      em.execute<ChannelConnectionRow[]>(`select ${COLUMNS} from channel_connections where organization_id = ? order by kind`, [
        organizationId,
      ]),

    async find(organizationId, kind) {
      const [row] = await em.execute<ChannelConnectionRow[]>(
        `select ${COLUMNS} from channel_connections where organization_id = ? and kind = ?`,
        [organizationId, kind],
      );
      return row;
    },

    async put(organizationId, kind, connection) {
      await em.execute(
        `insert into channel_connections (organization_id, kind, config_sealed, summary, created_at, updated_at)
         values (?, ?, ?, ?::jsonb, now(), now())
         on conflict (organization_id, kind) do update set config_sealed = excluded.config_sealed, summary = excluded.summary, updated_at = now()`,
        [organizationId, kind, connection.sealed, JSON.stringify(connection.summary)],
      );
    },

    async remove(organizationId, kind) {
      const rows = await em.execute<Array<{ kind: string }>>(
        'delete from channel_connections where organization_id = ? and kind = ? returning kind',
        [organizationId, kind],
      );
      return rows.length > 0;
    },
  };
}
