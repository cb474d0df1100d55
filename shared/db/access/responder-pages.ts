import type { EntityManager } from '@mikro-orm/postgresql';
import type { PlannedPage } from '../../domain/notification-rules.ts';
import { incidentPagingState, type IncidentPagingState } from './incidents.ts';
import { pagingRuleCandidates } from './notification-rules.ts';
import { claimPages, pagesHeldElsewhere, recordPageOutcome, recordPagesSent, type ClaimedPage, type PageSlot } from './pages.ts';
import { responderPagingState } from './responders.ts';
import { memberName } from './users.ts';

/** Where a responder's batch of pages belongs: its organization is the slot's. */
export type ResponderPageSlot = PageSlot & { responderId: string };

/** Every read and write is confined to the organization given (a slot's own). */
export interface ResponderPageStore {
  /** The request and its incident's status; undefined when the responder is not the organization's (or gone). */
  responder(organizationId: string, responderId: string): ReturnType<typeof responderPagingState>;
  incident(organizationId: string, incidentId: string): Promise<IncidentPagingState | undefined>;
  ruleCandidates(organizationId: string, userIds: readonly string[]): ReturnType<typeof pagingRuleCandidates>;
  memberName(organizationId: string, userId: string): Promise<string | undefined>;
  /** `claimPages` (pages.ts): members of the slot's organization only. */
  claim(slot: ResponderPageSlot, pages: readonly PlannedPage[]): Promise<ClaimedPage[]>;
  /** Pages of the slot still claimed by another live attempt. */
  heldElsewhere(slot: ResponderPageSlot, pages: readonly PlannedPage[]): Promise<number>;
  /** A page's send, on a unit of work of its own (the sends of a batch record concurrently). */
  recordOutcome(organizationId: string, pageId: string, outcome: { error: string | null; messageRef?: string }): Promise<void>;
  recordSent(batch: Parameters<typeof recordPagesSent>[1]): Promise<void>;
}

/** Responders' pages (cycle 0 of `pages`) and what paging them reads, created from one unit of work. */
export function createResponderPageStore(em: EntityManager): ResponderPageStore {
  return {
    responder: (organizationId, responderId) => responderPagingState(em, organizationId, responderId),
    incident: (organizationId, incidentId) => incidentPagingState(em, organizationId, incidentId),
    ruleCandidates: (organizationId, userIds) => pagingRuleCandidates(em, organizationId, userIds),
    memberName: (organizationId, userId) => memberName(em, organizationId, userId),
    claim: (slot, pages) => claimPages(em, slot, pages),
    heldElsewhere: (slot, pages) => pagesHeldElsewhere(em, slot, pages),
    recordOutcome: (organizationId, pageId, outcome) => recordPageOutcome(em.fork(), organizationId, pageId, outcome),
    recordSent: (batch) => recordPagesSent(em, batch),
  };
}
