import type { SqlEntityManager as EntityManager } from '@mikro-orm/postgresql';
import { uuidv7 } from '../../uuidv7.ts';
import { sqlArray } from '../sql-array.ts';

/** An organization chat feed: where an incident's updates are posted, for a routing rule or an integration. */
export interface ChatFeedRow {
  id: string;
  kind: string;
  target: string;
  routing_rule_id: string | null;
  integration_id: string | null;
  created_at: Date;
}

const COLUMNS = 'id, kind, target, routing_rule_id, integration_id, created_at';

/** Organizations' chat feeds (`chat_feeds`), each confined to its organization. */
export function createChatFeedStore(em: EntityManager) {
  return {
    list: (organizationId: string) =>
      em.execute<ChatFeedRow[]>(`select ${COLUMNS} from chat_feeds where organization_id = ? order by created_at, id`, [organizationId]),

    /** Undefined when the routing rule or integration is not the organization's. */
    async create(input: {
      organizationId: string;
      kind: string;
      target: string;
      routingRuleId: string | null;
      integrationId: string | null;
      createdById: string;
    }): Promise<ChatFeedRow | undefined> {
      const [row] = await em.execute<ChatFeedRow[]>(
        `insert into chat_feeds (id, organization_id, kind, target, routing_rule_id, integration_id, created_by_id, created_at)
         select ?, ?, ?, ?, ?, ?, ?, now()
         where (?::uuid is null or exists (select 1 from routing_rules where id = ? and organization_id = ?))
           and (?::uuid is null or exists (select 1 from integrations where id = ? and organization_id = ?))
         returning ${COLUMNS}`,
        [
          uuidv7(),
          input.organizationId,
          input.kind,
          input.target,
          input.routingRuleId,
          input.integrationId,
          input.createdById,
          input.routingRuleId,
          input.routingRuleId,
          input.organizationId,
          input.integrationId,
          input.integrationId,
          input.organizationId,
        ],
      );
      return row;
    },

    async remove(organizationId: string, id: string): Promise<boolean> {
      const rows = await em.execute<Array<{ id: string }>>('delete from chat_feeds where id = ? and organization_id = ? returning id', [
        id,
        organizationId,
      ]);
      return rows.length > 0;
    },

    /**
     * Runs `work` in one transaction on the incident's thread in the organization's feed: what it
     * records is kept only if it returns, and the thread stays locked from `lock` to the end.
     */
    threadTransaction: <T>(scope: ChatFeedThreadScope, work: (thread: ChatFeedThreadUnit) => Promise<T>): Promise<T> =>
      em.transactional((tx) => work(chatFeedThreadUnit(tx, scope))),

    /** Ends updates' pending state in the organization's feed: posted, skipped (posted before, feed or incident gone) or given up. */
    clearPending: (organizationId: string, feedId: string, eventIds: readonly string[]) =>
      clearPendingUpdates(em, organizationId, feedId, eventIds),
  };
}

export type ChatFeedStore = ReturnType<typeof createChatFeedStore>;

/** The feeds each incident of a relay batch posts to: its routing rule's and its integration's (one query). */
export async function chatFeedsOfIncidents(
  em: EntityManager,
  incidents: ReadonlyArray<{ incidentId: string; organizationId: string }>,
): Promise<Array<{ feed_id: string; incident_id: string; organization_id: string }>> {
  if (incidents.length === 0) return [];
  return em.execute(
    `select distinct f.id as feed_id, inc.id as incident_id, inc.organization_id
     from jsonb_to_recordset(?::jsonb) as c(incident_id uuid, organization_id uuid)
     join incidents inc on inc.id = c.incident_id and inc.organization_id = c.organization_id
     join chat_feeds f on f.organization_id = inc.organization_id
       and (f.routing_rule_id = inc.routing_rule_id or f.integration_id = inc.integration_id)`,
    [JSON.stringify(incidents.map((incident) => ({ incident_id: incident.incidentId, organization_id: incident.organizationId })))],
  );
}

/**
 * Records a relay batch's feed updates as pending, each with its event's place in the outbox order,
 * in the batch's transaction (one statement; a replayed batch's rows are there already).
 */
export async function recordPendingChatFeedUpdates(
  em: EntityManager,
  updates: ReadonlyArray<{ feedId: string; incidentId: string; eventId: string; eventAt: Date | string }>,
): Promise<void> {
  if (updates.length === 0) return;
  await em.execute(
    `insert into chat_feed_pending (feed_id, incident_id, event_id, event_at, created_at)
     select u.feed_id, u.incident_id, u.event_id, u.event_at, now()
     from jsonb_to_recordset(?::jsonb) as u(feed_id uuid, incident_id uuid, event_id uuid, event_at timestamptz)
     on conflict do nothing`,
    [
      JSON.stringify(
        updates.map((update) => ({
          feed_id: update.feedId,
          incident_id: update.incidentId,
          event_id: update.eventId,
          event_at: new Date(update.eventAt).toISOString(),
        })),
      ),
    ],
  );
}

/** One incident's thread in one of the organization's feeds. */
export interface ChatFeedThreadScope {
  organizationId: string;
  feedId: string;
  incidentId: string;
}

/** A feed as the worker posts to it, with its organization's opened connection's sealed config. */
export interface ChatFeedForPosting {
  kind: string;
  target: string;
  config_sealed: string | null;
}

/** A feed thread's reads and writes in one transaction; each statement names the feed's organization. */
export interface ChatFeedThreadUnit {
  /** Undefined when the feed is gone. */
  feed(): Promise<ChatFeedForPosting | undefined>;
  /** The incident as the thread's root shows it now; undefined once it is gone. */
  incident(): Promise<{ title: string; severity: string; status: string } | undefined>;
  /**
   * Locks the thread until the transaction ends (one poster per thread at a time, so its root is
   * posted once and replies keep their order); its reference, and which of `eventIds` were posted already.
   */
  lock(eventIds: readonly string[]): Promise<{ threadRef: string | null; posted: Set<string> }>;
  /**
   * Whether an update of the thread that comes before this one in the outbox order is still
   * pending. One pending longer than a day (its workflow gone) holds nothing back any more.
   */
  earlierUpdatePending(eventId: string): Promise<boolean>;
  recordThread(threadRef: string): Promise<void>;
  recordPost(eventId: string): Promise<void>;
  /** Ends updates' pending state: posted, skipped (posted before, feed or incident gone) or given up. */
  clearPending(eventIds: readonly string[]): Promise<void>;
}

// Threads, posts and pending updates carry no organization of their own: each statement matches
// their feed to the organization.
const FEED_IS_THE_ORGANIZATIONS = 'exists (select 1 from chat_feeds f where f.id = ? and f.organization_id = ?)';

function chatFeedThreadUnit(em: EntityManager, { organizationId, feedId, incidentId }: ChatFeedThreadScope): ChatFeedThreadUnit {
  return {
    async feed() {
      const [row] = await em.execute<ChatFeedForPosting[]>(
        `select f.kind, f.target, c.config_sealed from chat_feeds f
         left join channel_connections c on c.organization_id = f.organization_id and c.kind = f.kind
         where f.id = ? and f.organization_id = ?`,
        [feedId, organizationId],
      );
      return row;
    },

    async incident() {
      const [row] = await em.execute<Array<{ title: string; severity: string; status: string }>>(
        'select title, severity, status from incidents where id = ? and organization_id = ?',
        [incidentId, organizationId],
      );
      return row;
    },

    async lock(eventIds) {
      await em.execute(
        `insert into chat_feed_threads (feed_id, incident_id, thread_ref, created_at)
         select ?, ?, null, now() where ${FEED_IS_THE_ORGANIZATIONS} on conflict do nothing`,
        [feedId, incidentId, feedId, organizationId],
      );
      const [thread] = await em.execute<Array<{ thread_ref: string | null }>>(
        `select thread_ref from chat_feed_threads where feed_id = ? and incident_id = ? and ${FEED_IS_THE_ORGANIZATIONS} for update`,
        [feedId, incidentId, feedId, organizationId],
      );
      const posted = await em.execute<Array<{ event_id: string }>>(
        `select event_id from chat_feed_posts
         where feed_id = ? and ${FEED_IS_THE_ORGANIZATIONS} and event_id = any(?::uuid[])`,
        [feedId, feedId, organizationId, sqlArray(eventIds)],
      );
      return { threadRef: thread?.thread_ref ?? null, posted: new Set(posted.map((row) => row.event_id)) };
    },

    async earlierUpdatePending(eventId) {
      const rows = await em.execute<Array<{ event_id: string }>>(
        `select p.event_id from chat_feed_pending p
         join chat_feed_pending self on self.feed_id = ? and self.event_id = ?
         where p.feed_id = ? and p.incident_id = ? and (p.event_at, p.event_id) < (self.event_at, self.event_id)
           and p.created_at > now() - interval '1 day' and ${FEED_IS_THE_ORGANIZATIONS}
         limit 1`,
        [feedId, eventId, feedId, incidentId, feedId, organizationId],
      );
      return rows.length > 0;
    },

    async recordThread(threadRef) {
      await em.execute(
        `update chat_feed_threads set thread_ref = ? where feed_id = ? and incident_id = ? and ${FEED_IS_THE_ORGANIZATIONS}`,
        [threadRef, feedId, incidentId, feedId, organizationId],
      );
    },

    async recordPost(eventId) {
      await em.execute(
        `insert into chat_feed_posts (feed_id, event_id, posted_at) select ?, ?, now() where ${FEED_IS_THE_ORGANIZATIONS} on conflict do nothing`,
        [feedId, eventId, feedId, organizationId],
      );
    },

    clearPending: (eventIds) => clearPendingUpdates(em, organizationId, feedId, eventIds),
  };
}

async function clearPendingUpdates(em: EntityManager, organizationId: string, feedId: string, eventIds: readonly string[]): Promise<void> {
  if (eventIds.length === 0) return;
  await em.execute(
    `delete from chat_feed_pending
     where feed_id = ? and ${FEED_IS_THE_ORGANIZATIONS} and event_id = any(?::uuid[])`,
    [feedId, feedId, organizationId, sqlArray(eventIds)],
  );
}
