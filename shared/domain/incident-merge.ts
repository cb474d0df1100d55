import type { IncidentStatus } from './incident.ts';

/** How many incidents one merge may fold into its target. */
export const MAX_MERGE_SOURCES = 20;

/** How long after a merge it may be undone: 24 hours (the OpenAPI description of unmerge says so). */
export const UNMERGE_WINDOW_MS = 24 * 60 * 60 * 1000;

export const INCIDENT_LINK_KINDS = ['related', 'caused_by', 'duplicate_of'] as const;
export type IncidentLinkKind = (typeof INCIDENT_LINK_KINDS)[number];

/** What a merge needs to know of an incident. */
export interface MergeCandidate {
  id: string;
  status: IncidentStatus;
  /** The incident it is merged into now (null when it is not). */
  mergedIntoId: string | null;
}

/** Why a merge is refused (a 409 CONFLICT naming it), or null when it may go ahead. */
export function mergeRefusal(target: MergeCandidate, sources: readonly MergeCandidate[]): string | null {
  if (target.mergedIntoId) return 'The target incident was itself merged into another incident';
  if (target.status === 'resolved') return 'The target incident is resolved: reopen it first, or merge into an open one';
  for (const source of sources) {
    if (source.id === target.id) return 'An incident cannot be merged into itself';
    if (source.mergedIntoId) return `Incident ${source.id} is already merged into ${source.mergedIntoId}`;
  }
  return null;
}

/** What an unmerge needs to know of the merge it undoes. */
export interface MergeRecord {
  mergedAt: Date;
  unmergedAt: Date | null;
}

/** Why an unmerge is refused (409), or null: once undone, or past the window. */
export function unmergeRefusal(merge: MergeRecord, now: Date, windowMs: number = UNMERGE_WINDOW_MS): string | null {
  if (merge.unmergedAt) return 'This merge was already undone';
  if (now.getTime() - merge.mergedAt.getTime() > windowMs)
    return `The unmerge window has passed: a merge can be undone within ${Math.round(windowMs / 3_600_000)} h of it`;
  return null;
}

/**
 * A link as one of its two incidents shows it: the kind as stored from the incident that made it
 * (`outgoing`), or read from the other side (`incoming`: this incident is what the other is caused
 * by, or a duplicate of). `related` reads the same both ways.
 */
export function linkDirection(link: { incidentId: string }, viewedFrom: string): 'outgoing' | 'incoming' {
  return link.incidentId === viewedFrom ? 'outgoing' : 'incoming';
}

/** The phrase a link reads as from one side: "caused by" from the incident that made it, "causes" from the other. */
export function linkPhrase(kind: IncidentLinkKind, direction: 'outgoing' | 'incoming'): string {
  if (kind === 'related') return 'related to';
  if (kind === 'caused_by') return direction === 'outgoing' ? 'caused by' : 'causes';
  return direction === 'outgoing' ? 'duplicate of' : 'duplicated by';
}
