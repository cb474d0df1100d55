import type { EntityManager } from '@mikro-orm/postgresql';
import type { EscalationPolicySnapshot } from '../../domain/escalation.ts';
import type { PlannedPage } from '../../domain/notification-rules.ts';
import type { TeamRoster } from '../../domain/teams.ts';
import type { IncidentPagingState } from './incidents.ts';
import type { pagingRuleCandidates } from './notification-rules.ts';
import { createPagingReads, type PagingReads } from './paging-reads.ts';
import { claimPages, pagesHeldElsewhere, recordPageOutcome, recordPagesSent, type ClaimedPage, type PageSlot } from './pages.ts';
import { teamRoster } from './teams.ts';

/**
 * What an escalation reads and writes as it pages: the policy, the incident, a level's targets,
 * the members' rules and the page rows. Every read and write is confined to the organization given
 * (a slot's or a batch's); the statements are the paging hot path's, one round trip each.
 */
export interface EscalationPagingStore {
  policy(organizationId: string, policyId: string): Promise<EscalationPolicySnapshot | undefined>;
  incident(organizationId: string, incidentId: string): Promise<IncidentPagingState | undefined>;
  teamRoster(organizationId: string, teamId: string): Promise<TeamRoster | null>;
  /** Which of `userIds` are members of the organization. */
  membersAmong(organizationId: string, userIds: readonly string[]): Promise<Set<string>>;
  ruleCandidates(organizationId: string, userIds: readonly string[]): ReturnType<typeof pagingRuleCandidates>;
  claimPages(slot: PageSlot, planned: readonly PlannedPage[]): Promise<ClaimedPage[]>;
  /**
   * A claimed page's outcome, by the id `claimPages` returned for the organization, in a unit of
   * work of its own: the pages of a batch are recorded concurrently.
   */
  recordClaimedPageOutcome(organizationId: string, pageId: string, outcome: { error: string | null; messageRef?: string }): Promise<void>;
  recordPagesSent(batch: Parameters<typeof recordPagesSent>[1]): Promise<void>;
  pagesHeldElsewhere(slot: PageSlot, planned: readonly PlannedPage[]): Promise<number>;
}

/**
 * The store on `em` (a fresh unit of work per call); its reads through `reads`, which a worker
 * shares across the pages it sends at once (shared/db/access/paging-reads.ts).
 */
export function createEscalationPagingStore(em: EntityManager, reads: PagingReads = createPagingReads(em)): EscalationPagingStore {
  return {
    ...reads,
    teamRoster: (organizationId, teamId) => teamRoster(em, organizationId, teamId),
    claimPages: (slot, planned) => claimPages(em, slot, planned),
    recordClaimedPageOutcome: (organizationId, pageId, outcome) => recordPageOutcome(em.fork(), organizationId, pageId, outcome),
    recordPagesSent: (batch) => recordPagesSent(em, batch),
    pagesHeldElsewhere: (slot, planned) => pagesHeldElsewhere(em, slot, planned),
  };
}
