import type { SearchAttributePair } from '@temporalio/common';
import { INCIDENT_ID, ORGANIZATION_ID } from '../domain/search-attributes.ts';

/**
 * The task queue escalations run on, beside the worker's main one (`TEMPORAL_TASK_QUEUE`): a new
 * incident's first page does not wait behind the ingestion and fan-out tasks queued there. Every
 * worker polls both; escalations started on the main queue before it existed finish there.
 */
export const pagingTaskQueue = (taskQueue: string) => `${taskQueue}-paging`;

/**
 * The task queue of the work a tenant's input drives on a schedule (calendar refreshes), polled by a
 * worker of its own with a few slots: an expensive calendar waits behind other tenants' calendars,
 * never in front of ingestion or paging.
 */
export const tenantJobsTaskQueue = (taskQueue: string) => `${taskQueue}-tenant-jobs`;

/**
 * The task queue of the follow-up of every change (search indexing, embedding, incident analysis),
 * polled by a worker of its own with FOLLOW_UP_CONCURRENCY activity slots: however far behind it is,
 * it holds none of ingestion's or paging's slots. docs/decisions/0011-follow-up-queue.md.
 */
export const followUpTaskQueue = (taskQueue: string) => `${taskQueue}-follow-up`;

/**
 * The only place workflow ids are built. Ids are business keys, so starting the same thing twice
 * lands on the same workflow (Temporal allows one running workflow per id).
 */
export const workflowIds = {
  /** One per organization: plans and sends its members' handoff notices, signalled when schedules change. */
  handoffNotices: (organizationId: string) => `handoff-notices:${organizationId}`,
  selfTest: (runId: string) => `self-test:${runId}`,
  /** The per-key ingestion workflow (before buckets; still drains): dedup keys match DEDUP_KEY_PATTERN, so the id stays readable. */
  alertIngestion: (organizationId: string, integrationId: string, dedupKey: string) =>
    `alert:${organizationId}:${integrationId}:${dedupKey}`,
  /**
   * The long-lived ingestion workflow of one integration's bucket `n` (alertBucketOf of the dedup
   * key): every alert of a key goes to the same one, so its alerts apply in arrival order.
   */
  alertBucket: (organizationId: string, integrationId: string, bucket: number) =>
    `alert-bucket:${organizationId}:${integrationId}:${bucket}`,
  /** The Temporal Schedule of the auto-resolve sweep, one per task queue (tests run several on one server). */
  autoResolveSchedule: (taskQueue: string) => `auto-resolve:${taskQueue}`,
  /** One per procedure execution, keyed by the execution's id. */
  execution: (executionId: string) => `execution:${executionId}`,
  /** One per search document (before buckets; still drains): later writes signal the running one. */
  searchIndex: (organizationId: string, type: string, id: string) => `search-index:${organizationId}:${type}:${id}`,
  /** The long-lived indexing workflow of an organization's bucket `n` (searchIndexBucketOf of the document). */
  searchIndexBucket: (organizationId: string, bucket: number) => `search-index-bucket:${organizationId}:${bucket}`,
  /** One per domain event and subscribed integration: the outbox relay may start it twice, Temporal runs it once. */
  delivery: (eventId: string, integrationId: string) => `delivery:${eventId}:${integrationId}`,
  /**
   * One per chunk of notifications a relay batch inserted (their ids are new in each insert, so the
   * first id and the count name the chunk): a second start of the same chunk is refused.
   */
  notificationMailBatch: (notificationIds: readonly string[]) =>
    `notification-mail:${notificationIds[0] ?? 'none'}:${notificationIds.length}`,
  /** One per relay batch, incident and organization chat feed, keyed by the batch's first update of it: a replayed batch starts it once. */
  chatFeed: (feedId: string, eventId: string) => `chat-feed:${feedId}:${eventId}`,
  /** One per status update: its subscribers' mails; a replayed relay batch starts it once. */
  statusUpdateMail: (statusUpdateId: string) => `status-update-mail:${statusUpdateId}`,
  /** One per chat message mentioning the assistant: a second start for the same message is refused. */
  assistantReply: (messageId: string) => `assistant-reply:${messageId}`,
  /**
   * One per incident and escalation cycle: the escalation paging its policy's levels until someone
   * acknowledges. Cycle 1 keeps the original id; a reopening or reassignment starts the next cycle.
   */
  escalation: (incidentId: string, cycle = 1) => (cycle <= 1 ? `escalation:${incidentId}` : `escalation:${incidentId}:${cycle}`),
  /**
   * One of an organization's ESCALATION_WAIT_BUCKETS: holds the escalations of incidents that hash to
   * it (escalationWaitBucketOf) between their first level and their next, until their own workflow starts.
   */
  escalationWaits: (organizationId: string, bucket: number) => `escalation-waits:${organizationId}:${bucket}`,
  /**
   * One per incident and escalation cycle acknowledged in: waits for its acknowledgement timeout
   * or snooze, then sends the incident back to `active` (the next cycle pages).
   */
  acknowledgement: (incidentId: string, cycle: number) => `acknowledgement:${incidentId}:${cycle}`,
  /** One per domain event that changes an incident's page messages: a replayed batch starts it once. */
  pageUpdates: (eventId: string) => `page-updates:${eventId}`,
  /** One per incident: the runbook its routing rule or its priority starts (never a second for the same incident). */
  remediation: (incidentId: string) => `remediation:${incidentId}`,
  /** One per responder request: its pages, each sent once. */
  responderPage: (responderId: string) => `responder-page:${responderId}`,
  /** The daily retention schedule, one per task queue (tests run several on one server). */
  retentionSchedule: (taskQueue: string) => `retention:${taskQueue}`,
  /** The Temporal Schedule refreshing one `ical` schedule layer (its runs are `ical-refresh:<layer>-<time>`). */
  icalRefreshSchedule: (layerId: string) => `ical-refresh:${layerId}`,
  /** One immediate fetch of an `ical` layer: per outbox event (a replayed batch starts it once), or per "refresh now". */
  icalFetchNow: (layerId: string, key: string) => `ical-fetch:${layerId}:${key}`,
  /** One per heartbeat: its durable timer, re-armed at each deadline; pings while it is down signal it. */
  heartbeat: (heartbeatId: string) => `heartbeat:${heartbeatId}`,
};

/**
 * The custom search attributes a workflow starts with, built only here: its organization (every
 * tenant's workflows findable in Temporal UI) and, when it concerns one, its incident.
 */
export function workflowSearchAttributes(scope: { organizationId: string; incidentId?: string | null }): SearchAttributePair[] {
  return [
    { key: ORGANIZATION_ID, value: scope.organizationId },
    ...(scope.incidentId ? [{ key: INCIDENT_ID, value: scope.incidentId }] : []),
  ];
}
