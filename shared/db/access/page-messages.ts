import type { EntityManager as PostgresEntityManager, SqlEntityManager as EntityManager } from '@mikro-orm/postgresql';
import { createChannelConnectionStore, type ChannelConnectionRow } from './channel-connections.ts';
import type { PageRecipient } from './contact-methods.ts';
import { createPagingReads, type PagingReads } from './paging-reads.ts';
import { sqlArray } from '../sql-array.ts';

/** A sent page whose message its channel can update in place. */
export interface PageMessage {
  id: string;
  user_id: string;
  method: string;
  contact_method_id: string | null;
  message_ref: string;
}

/**
 * Of these incidents, those with a sent page message on one of `kinds` (channels that update
 * their messages): the relay starts update workflows for those alone, in one query per batch.
 */
export async function incidentsWithPageMessages(
  em: EntityManager,
  incidentIds: readonly string[],
  kinds: readonly string[],
): Promise<Set<string>> {
  if (incidentIds.length === 0 || kinds.length === 0) return new Set();
  const rows = await em.execute<Array<{ incident_id: string }>>(
    `select distinct incident_id from pages
     where incident_id = any(?::uuid[])
       and method = any(?::text[])
       and status = 'sent' and message_ref is not null`,
    [sqlArray([...new Set(incidentIds)]), sqlArray(kinds)],
  );
  return new Set(rows.map((row) => row.incident_id));
}

/**
 * The incident's sent page messages on `kinds`, oldest first, except those of one paged batch
 * (an escalation's new level, whose messages are new), within its organization only.
 */
export function pageMessagesOf(
  em: EntityManager,
  scope: { organizationId: string; incidentId: string },
  kinds: readonly string[],
  except?: { cycle: number; round: number; level: number },
): Promise<PageMessage[]> {
  return em.execute<PageMessage[]>(
    `select id, user_id, method, contact_method_id, message_ref from pages
     where organization_id = ? and incident_id = ? and status = 'sent' and message_ref is not null
       and method = any(?::text[])
       and not (cycle = ? and round = ? and level = ?)
     order by created_at, id`,
    [scope.organizationId, scope.incidentId, sqlArray(kinds), except?.cycle ?? -1, except?.round ?? -1, except?.level ?? -1],
  );
}

/** The incident's status now and who moved it there (a member's name; null for the system), or undefined when gone. */
export async function incidentStatusNow(
  em: EntityManager,
  scope: { organizationId: string; incidentId: string },
): Promise<{ status: string; actorName: string | null } | undefined> {
  const [row] = await em.execute<Array<{ status: string; actor_name: string | null }>>(
    `select i.status,
       (select u.name from incident_timeline t left join users u on u.id = t.actor_id
        where t.incident_id = i.id and t.organization_id = i.organization_id and t.data->>'to' = i.status
        order by t.created_at desc, t.id desc limit 1) as actor_name
     from incidents i where i.id = ? and i.organization_id = ?`,
    [scope.incidentId, scope.organizationId],
  );
  return row ? { status: row.status, actorName: row.actor_name } : undefined;
}

/** What updating an incident's page messages reads; confined to the organization in each scope. */
export interface PageMessageStore {
  incidentStatusNow(scope: {
    organizationId: string;
    incidentId: string;
  }): Promise<{ status: string; actorName: string | null } | undefined>;
  pageMessagesOf(
    scope: { organizationId: string; incidentId: string },
    kinds: readonly string[],
    except?: { cycle: number; round: number; level: number },
  ): Promise<PageMessage[]>;
  /** Where a message to the member goes now (see pageRecipients); undefined when they left the organization. */
  recipient(organizationId: string, userId: string, contactMethodId: string | null): Promise<PageRecipient | undefined>;
  /** The organization's connection of this kind, which a channel updates its messages through. */
  connection(organizationId: string, kind: string): Promise<ChannelConnectionRow | undefined>;
}

/** The store on `em`; recipients read through `reads`, which a worker shares across the pages it sends at once. */
export function createPageMessageStore(
  em: PostgresEntityManager,
  reads: Pick<PagingReads, 'recipient'> = createPagingReads(em),
): PageMessageStore {
  return {
    incidentStatusNow: (scope) => incidentStatusNow(em, scope),
    pageMessagesOf: (scope, kinds, except) => pageMessagesOf(em, scope, kinds, except),
    recipient: reads.recipient,
    connection: (organizationId, kind) => createChannelConnectionStore(em).find(organizationId, kind),
  };
}
