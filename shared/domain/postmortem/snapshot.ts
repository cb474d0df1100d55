// What a postmortem draft is written from: the incident as the store reads it, no I/O here.
import type { Severity } from '../alert.ts';
import type { Priority } from '../priority.ts';
import type { StatusUpdateKind, StatusUpdateVisibility } from '../status-page.ts';

export const POSTMORTEM_STATUSES = ['draft', 'in_review', 'published'] as const;
export type PostmortemStatus = (typeof POSTMORTEM_STATUSES)[number];

export const POSTMORTEM_STATUS_LABELS: Record<PostmortemStatus, string> = {
  draft: 'Draft',
  in_review: 'In review',
  published: 'Published',
};

/** A postmortem's Markdown may be long (a whole incident's records), not unbounded; the draft stays within it too. */
export const POSTMORTEM_CONTENT_MAX = 200_000;

/** Lists longer than this are cut in the draft (with a line saying how many were left out). */
export const POSTMORTEM_LIST_LIMIT = 200;

/** The incident and everything that happened on it, as a postmortem draft needs it. */
export interface PostmortemSnapshot {
  incident: {
    id: string;
    title: string;
    description: string | null;
    status: string;
    severity: Severity;
    priority: Priority | null;
    /** The platform that opened it, or `manual`. */
    source: string;
    integrationName: string | null;
    routingRuleName: string | null;
    createdAt: Date;
    acknowledgedAt: Date | null;
    /** Who first moved it out of `active`; null when nobody did by hand (or not yet). */
    acknowledgedBy: string | null;
    resolvedAt: Date | null;
  };
  alerts: Array<{ title: string; severity: Severity; status: string; host: string | null; receivedAt: Date }>;
  alertCount: number;
  pages: Array<{ userName: string; method: string; status: string; level: number; round: number; createdAt: Date; sentAt: Date | null }>;
  executions: Array<{
    procedureName: string;
    status: string;
    startedAt: Date;
    completedAt: Date | null;
    /** The member who started it; null when a routing rule did (`byRoutingRule`). */
    startedBy: string | null;
    byRoutingRule: boolean;
  }>;
  statusUpdates: Array<{
    kind: StatusUpdateKind;
    visibility: StatusUpdateVisibility;
    title: string | null;
    body: string;
    authorName: string | null;
    createdAt: Date;
  }>;
  roles: Array<{ roleName: string; userName: string | null; assignedAt: Date }>;
  /** The first entries, oldest first (at most POSTMORTEM_LIST_LIMIT), and how many there are in all. */
  timeline: Array<{ type: string; message: string; actorName: string | null; createdAt: Date }>;
  timelineCount: number;
}
