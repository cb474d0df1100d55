import type { EntityManager } from '@mikro-orm/postgresql';
import type { Orm } from '../orm.ts';
import { chatFeedsOfIncidents, recordPendingChatFeedUpdates } from './chat-feeds.ts';
import { escalationCandidates, recordRoutingDecisions } from './incident-routing.ts';
import { subscribedIntegrations } from './integrations.ts';
import { insertNotifications, notifiedExecutionWaits, organizationsWithMembers, previousAssignees } from './notifications.ts';
import { claimUndispatchedEvents, markEventsDispatched } from './outbox.ts';
import { incidentsWithPageMessages } from './page-messages.ts';
import { remediationLookups } from './priority-runbooks.ts';
import { publishRealtimeNotices } from './realtime.ts';

// The outbox relay's database side (worker/outbox/relay.ts): each batch is one transaction, and
// these are the statements it issues in it, each the access function named, in the relay's order.

/** An access function with its unit of work already bound: the same statement, in the batch's transaction. */
type InBatch<F> = F extends (em: never, ...args: infer A) => infer R ? (...args: A) => R : never;

/**
 * One relay batch's transaction: the events it claims are every organization's, by design (one relay
 * serves all); each read and write in it names the organization of the event it serves.
 */
export interface RelayBatch {
  /** Up to `limit` undispatched events, oldest first, locked until the batch commits (`for update skip locked`). */
  claimUndispatchedEvents: InBatch<typeof claimUndispatchedEvents>;
  escalationCandidates: InBatch<typeof escalationCandidates>;
  recordRoutingDecisions: InBatch<typeof recordRoutingDecisions>;
  remediationLookups: InBatch<typeof remediationLookups>;
  chatFeedsOfIncidents: InBatch<typeof chatFeedsOfIncidents>;
  recordPendingChatFeedUpdates: InBatch<typeof recordPendingChatFeedUpdates>;
  subscribedIntegrations: InBatch<typeof subscribedIntegrations>;
  organizationsWithMembers: InBatch<typeof organizationsWithMembers>;
  previousAssignees: InBatch<typeof previousAssignees>;
  notifiedExecutionWaits: InBatch<typeof notifiedExecutionWaits>;
  insertNotifications: InBatch<typeof insertNotifications>;
  incidentsWithPageMessages: InBatch<typeof incidentsWithPageMessages>;
  /** Delivered to the API processes when the batch commits. */
  publishRealtimeNotices: InBatch<typeof publishRealtimeNotices>;
  markEventsDispatched: InBatch<typeof markEventsDispatched>;
}

export interface RelayStore {
  /** Runs `work` in one transaction on a fresh unit of work: the batch commits whole, or rolls back and is relayed again. */
  transaction<T>(work: (batch: RelayBatch) => Promise<T>): Promise<T>;
}

function batchOf(em: EntityManager): RelayBatch {
  return {
    claimUndispatchedEvents: (limit) => claimUndispatchedEvents(em, limit),
    escalationCandidates: (candidates) => escalationCandidates(em, candidates),
    recordRoutingDecisions: (decisions) => recordRoutingDecisions(em, decisions),
    remediationLookups: (incidents) => remediationLookups(em, incidents),
    chatFeedsOfIncidents: (incidents) => chatFeedsOfIncidents(em, incidents),
    recordPendingChatFeedUpdates: (updates) => recordPendingChatFeedUpdates(em, updates),
    subscribedIntegrations: (events) => subscribedIntegrations(em, events),
    organizationsWithMembers: (organizationIds) => organizationsWithMembers(em, organizationIds),
    previousAssignees: (eventIds) => previousAssignees(em, eventIds),
    notifiedExecutionWaits: (waits) => notifiedExecutionWaits(em, waits),
    insertNotifications: (notifications) => insertNotifications(em, notifications),
    incidentsWithPageMessages: (incidentIds, kinds) => incidentsWithPageMessages(em, incidentIds, kinds),
    publishRealtimeNotices: (payloads) => publishRealtimeNotices(em, payloads),
    markEventsDispatched: (eventIds) => markEventsDispatched(em, eventIds),
  };
}

/** The relay's batches, each on its own fork of the ORM. */
export function createRelayStore(orm: Orm): RelayStore {
  return { transaction: (work) => orm.em.fork().transactional((em) => work(batchOf(em))) };
}
