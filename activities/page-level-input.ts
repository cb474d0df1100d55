import type { PlannedPage } from '../shared/domain/notification-rules.ts';
import type { Urgency } from '../shared/domain/escalation.ts';

/**
 * The input of one batch of a level's pages. Levels and rounds count from 1. `pages` are planned by
 * planEscalationPages; `userIds` (email at once to each) is what escalations started before
 * notification rules existed still send.
 */
export interface PageLevelInput {
  organizationId: string;
  incidentId: string;
  /** Null when the incident was reassigned to a person rather than a policy. */
  policyId: string | null;
  /** The incident's escalation cycle (absent: 1). */
  cycle?: number;
  /** The person the incident was reassigned to: paged while it is active and theirs. */
  assigneeId?: string;
  round: number;
  level: number;
  pages?: PlannedPage[];
  userIds?: string[];
  /**
   * The incident's urgency, chosen by routing (absent: `high`). Planning has already applied it to
   * `pages`; the page and its timeline entry say it.
   */
  urgency?: Urgency;
  /** Base of the incident link (PUBLIC_URL). */
  publicUrl: string;
  /**
   * Level 1 of a cycle that just began: its pages are sent even if the incident was resolved
   * since (not once it was acknowledged, nor after a newer cycle began), decision 0020.
   */
  sendIfResolved?: boolean;
}
