import { WorkflowExecutionAlreadyStartedError, WorkflowIdReusePolicy, type Client } from '@temporalio/client';
import type { DeliveryInput } from '../../shared/domain/delivery.ts';
import type { Logger } from '../../shared/logger.ts';
import { createPgListener, OUTBOX_CHANNEL } from '../../shared/db/pg-listener.ts';
import type { EscalationCandidate } from '../../shared/db/access/incident-routing.ts';
import type { InsertedNotification } from '../../shared/db/access/notifications.ts';
import type { RelayBatch, RelayStore } from '../../shared/db/access/relay-batch.ts';
import { scheduleSearchIndexing } from '../../shared/search/create-search.ts';
import { pagingTaskQueue, tenantJobsTaskQueue, workflowIds, workflowSearchAttributes } from '../../shared/temporal/ids.ts';
import type { escalationWorkflow } from '../../workflows/escalation.workflow.ts';
import { pageDelayMs } from '../../shared/domain/alert-grouping.ts';
import { waitAfterFirstLevel, waitBeforeFirstLevel, type EscalationState } from '../../shared/domain/escalation.ts';
import { endEscalation, waitingMemo } from '../../shared/temporal/escalation-messages.ts';
// A wait shorter than this is the workflow's own timer: a start delay saves nothing there.
import { MIN_START_DELAY_MS } from '../../shared/temporal/escalation-starts.ts';
import { escalationAcknowledgeSignal, escalationResolveSignal, escalationsWaitingSignal } from '../../workflows/messages.ts';
import { chunkedBySize, escalationWaitBucketOf, type WaitingEscalation } from '../../shared/domain/escalation-waits.ts';
import type { EscalationInput } from '../../workflows/escalation.workflow.ts';
import type { escalationWaitsWorkflow } from '../../workflows/escalation-waits.workflow.ts';
import type { notificationMailBatchWorkflow } from '../../workflows/notification-mail.workflow.ts';
import type { outboundDeliveryWorkflow } from '../../workflows/outbound-delivery.workflow.ts';
import type { chatFeedWorkflow } from '../../workflows/chat-feed.workflow.ts';
import { feedUpdatesOf } from './chat-feeds.ts';
import { planStatusUpdateMails } from './status-updates.ts';
import type { statusUpdateMailWorkflow } from '../../workflows/status-update-mail.workflow.ts';
import { forEachBounded } from '../../shared/bounded.ts';
import { planEscalations } from './escalations.ts';
import { fanOutAcknowledgements } from './acknowledgements.ts';
import { planResponderPages } from './responders.ts';
import type { responderPageWorkflow } from '../../workflows/responder-page.workflow.ts';
import type { remediationWorkflow } from '../../workflows/remediation.workflow.ts';
import { relayRemediations } from './remediations.ts';
import type { RoutingDecision } from '../../shared/domain/routing.ts';
import { planPageUpdates } from './page-updates.ts';
import type { PageChannelKind } from '../../shared/paging/channel.ts';
import type { pageUpdatesWorkflow } from '../../workflows/page-update.workflow.ts';
import { planIcalLayerSync } from './ical-layers.ts';
import { replanHandoffNotices } from '../../shared/temporal/handoff-replan.ts';
import { ensureIcalRefreshSchedule, removeIcalRefreshSchedule } from '../ical-refresh-schedules.ts';
import { pagedByPolicy, routeOpenedIncidents } from './routing.ts';
import { firstLevelDue, type PageFirstLevel } from './first-level.ts';
import type { RoutingRulesCache } from '../../shared/db/routing-rules-cache.ts';
import { notificationKey, notificationMailBatches, planNotificationMails } from './notification-mails.ts';
import { planNotifications } from './notification-rules.ts';
import type { OutboxEvent } from './outbox-event.ts';
import { batchNotices } from './realtime-notices.ts';
import { documentsToIndex } from './search-indexing.ts';

export interface OutboxRelayDeps {
  /** Each batch's transaction and the statements it issues (shared/db/access/relay-batch.ts). */
  store: RelayStore;
  temporal: Client;
  taskQueue: string;
  logger: Logger;
  batchSize?: number;
  /** Temporal calls (workflow starts, indexing signals) in flight at once per batch. */
  temporalConcurrency?: number;
  /**
   * Pause between polls when the outbox was empty. With `listen`, a commit of new events ends it at
   * once; the poll is then only the fallback for a lost LISTEN connection.
   */
  idleMs?: number;
  /** LISTENs on `tocsin_outbox` (one connection of its own) to wake as soon as events commit. */
  listen?: { databaseUrl: string };
  /** Whether a search index exists to keep documents in; without one no indexing is scheduled. */
  indexSearch?: boolean;
  /** Base of the incident links in notification emails (config.publicUrl, no trailing slash). */
  publicUrl: string;
  /** The worker's routing-rule cache: each organization's compiled rules for the incidents a batch opens. */
  routingRules: Pick<RoutingRulesCache, 'forOrganization'>;
  /** Channel kinds that update their sent messages (Slack, Matrix): their pages are updated as incidents change. */
  pageUpdateKinds?: readonly PageChannelKind[];
  /**
   * Pages a new incident's level 1 before its escalation starts (first-level.ts); without it the
   * escalation workflow pages every level.
   */
  pageFirstLevel?: PageFirstLevel;
  /**
   * Escalations and notification mails started eagerly: `temporal` is a client on this process's
   * worker connection, so the start's answer hands the workflow's first task to the worker here,
   * with no poll between.
   */
  eagerStarts?: boolean;
}

/** New incidents' first levels paged (then their escalations started) at once per batch. */
const FIRST_LEVEL_CONCURRENCY = 64;

/** What the running relay has done so far; `lastSuccessAt` is epoch milliseconds. */
export interface OutboxRelayStats {
  lastSuccessAt: number | undefined;
  batches: number;
  failedBatches: number;
  consecutiveFailures: number;
  relayedEvents: number;
}

export interface RunningOutboxRelay {
  stop(): Promise<void>;
  stats(): OutboxRelayStats;
  busy(): boolean;
}

/**
 * The outbox relay: claims undispatched `domain_events` in batches (`for update skip locked`, so
 * several workers share them) and fans each batch out in one transaction. What it fans out to, why
 * a replayed batch does nothing twice, and how to add an event kind: README.md next to this file.
 */
export function createOutboxRelay(deps: OutboxRelayDeps) {
  const batchSize = deps.batchSize ?? 500;
  const concurrency = deps.temporalConcurrency ?? 16;

  /**
   * Starts one workflow per fan-out target, keyed by the event: a replayed batch's second start is
   * refused by Temporal as a duplicate, which is what makes the relay's at-least-once exactly-once.
   */
  async function startOnce(
    workflowType: string,
    workflowId: string,
    input: { organizationId: string; incidentId?: string | null },
    taskQueue = deps.taskQueue,
    { startDelayMs = 0, eager = false, memo }: { startDelayMs?: number; eager?: boolean; memo?: Record<string, unknown> } = {},
  ): Promise<void> {
    try {
      await deps.temporal.workflow.start(workflowType, {
        taskQueue,
        workflowId,
        args: [input],
        // A server-side timer, kept across worker restarts (an escalation's wait, a group's group_wait).
        ...(startDelayMs > 0 ? { startDelay: startDelayMs } : eager ? { requestEagerStart: true } : {}),
        ...(memo ? { memo } : {}),
        workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
        typedSearchAttributes: workflowSearchAttributes(input),
      });
    } catch (error) {
      if (error instanceof WorkflowExecutionAlreadyStartedError) return;
      throw error;
    }
  }
  // Inputs typed by the workflows they start.
  const startNotificationMails = (input: Parameters<typeof notificationMailBatchWorkflow>[0]) =>
    startOnce('notificationMailBatchWorkflow', workflowIds.notificationMailBatch(input.notificationIds), input, deps.taskQueue, {
      eager: deps.eagerStarts,
    });
  const startDelivery = (input: Parameters<typeof outboundDeliveryWorkflow>[0]) =>
    startOnce('outboundDeliveryWorkflow', workflowIds.delivery(input.eventId, input.integrationId), input);

  const startPageUpdates = (input: Parameters<typeof pageUpdatesWorkflow>[0]) =>
    startOnce('pageUpdatesWorkflow', workflowIds.pageUpdates(input.eventId), input);
  const startStatusUpdateMails = (input: Parameters<typeof statusUpdateMailWorkflow>[0]) =>
    startOnce('statusUpdateMailWorkflow', workflowIds.statusUpdateMail(input.statusUpdateId), input);
  const startChatFeed = (input: Parameters<typeof chatFeedWorkflow>[0]) =>
    startOnce('chatFeedWorkflow', workflowIds.chatFeed(input.feedId, input.updates[0]?.eventId ?? 'none'), input);

  // Keyed by the responder request: a replayed batch starts nobody twice.
  const startResponderPage = (input: Parameters<typeof responderPageWorkflow>[0]) =>
    startOnce('responderPageWorkflow', workflowIds.responderPage(input.responderId), input, pagingTaskQueue(deps.taskQueue));
  // Keyed by the incident: however often a batch is replayed or a worker restarts, one automatic runbook per incident.
  const startRemediation = (input: Parameters<typeof remediationWorkflow>[0]) =>
    startOnce('remediationWorkflow', workflowIds.remediation(input.incidentId), input);
  /** An escalation's start: delayed (`wakeAt`, with where it stands meanwhile), or eager. */
  const startEscalation = (input: Parameters<typeof escalationWorkflow>[0], wait?: { wakeAt: number; state: EscalationState }) => {
    const startDelayMs = wait ? wait.wakeAt - Date.now() : 0;
    return startOnce(
      'escalationWorkflow',
      workflowIds.escalation(input.incidentId, input.cycle ?? 1),
      input,
      pagingTaskQueue(deps.taskQueue),
      {
        ...(wait && startDelayMs > 0 ? { startDelayMs, memo: waitingMemo(wait.state) } : {}),
        eager: deps.eagerStarts,
      },
    );
  };
  /**
   * A new incident's escalation: its level 1 paged here first, when the relay can. An escalation
   * with a later level or delayed rule to wait for is answered (`waits`) for its bucket to hold
   * until then (holdWaits); others start their workflow now, to take over from level 1 (or page it,
   * when the relay could not). Either happens in this batch, before it commits, so a crash in
   * between re-runs both: the pages' claims page nobody twice, a bucket holds an escalation once and
   * a start is refused as a duplicate. A grouped incident's first page waits for its group_wait as a
   * delayed start.
   */
  const openEscalation = async (
    { input, delayMs }: { input: Parameters<typeof escalationWorkflow>[0]; delayMs: number },
    waits: Array<WaitingEscalation<EscalationInput>>,
  ): Promise<void> => {
    if (delayMs > 0) return startEscalation(input, waitBeforeFirstLevel(Date.now() + delayMs, input.policyId));
    const firstLevel = deps.pageFirstLevel ? await deps.pageFirstLevel(input) : undefined;
    if (!firstLevel) return startEscalation(input);
    const { wakeAt, state } = waitAfterFirstLevel(firstLevel, input.policyId);
    if (wakeAt !== null && wakeAt - Date.now() >= MIN_START_DELAY_MS) waits.push({ input: { ...input, firstLevel }, wakeAt, state });
    else await startEscalation({ ...input, firstLevel });
  };
  /** Hands the batch's waiting escalations to their organizations' buckets: one signal per bucket (and 256 KB). */
  const holdWaits = (waits: ReadonlyArray<WaitingEscalation<EscalationInput>>) =>
    forEachBounded(
      [...Map.groupBy(waits, ({ input }) => `${input.organizationId}:${escalationWaitBucketOf(input.incidentId)}`).values()].flatMap(
        (entries) => chunkedBySize(entries),
      ),
      concurrency,
      async (entries) => {
        const { organizationId, incidentId } = (entries[0] as WaitingEscalation<EscalationInput>).input;
        const bucket = escalationWaitBucketOf(incidentId);
        await deps.temporal.workflow.signalWithStart<typeof escalationWaitsWorkflow, [{ entries: WaitingEscalation[] }]>(
          'escalationWaitsWorkflow',
          {
            workflowId: workflowIds.escalationWaits(organizationId, bucket),
            taskQueue: pagingTaskQueue(deps.taskQueue),
            args: [{ organizationId, bucket, taskQueue: deps.taskQueue }],
            signal: escalationsWaitingSignal,
            signalArgs: [{ entries }],
            typedSearchAttributes: workflowSearchAttributes({ organizationId }),
          },
        );
      },
    );

  /**
   * Routes new alert-opened incidents (routing.ts) and starts the escalation of each that gets a
   * policy, with its urgency; then signals acknowledgements and resolutions, only in organizations
   * that have a policy: without one nothing here touches Temporal. A signal to an escalation that
   * does not exist, or has ended, is no error; a replayed batch repeats signals, which are idempotent.
   */
  async function escalate(
    batch: RelayBatch,
    events: OutboxEvent[],
  ): Promise<{ decisions: Map<string, RoutingDecision>; candidates: Map<string, EscalationCandidate> }> {
    const plan = planEscalations(events);
    const candidates = [...plan.open, ...plan.restart, ...plan.signals, ...plan.snoozes];
    if (candidates.length === 0) return { decisions: new Map(), candidates: new Map() };
    const now = new Date();
    /** A cycle the relay meets as it begins: its level 1 is due, and a resolution since does not cancel it (decision 0020). */
    const due = (at: number) => (firstLevelDue(at, now.getTime()) ? { firstLevelDue: true } : {});
    const rows = await batch.escalationCandidates(candidates);
    const byIncident = new Map(rows.map((row) => [row.incident_id, row]));
    const opened = plan.open.flatMap((open) => {
      const row = byIncident.get(open.incidentId);
      return row?.integration_id ? [{ ...open, row }] : [];
    });
    // Incidents created by hand are not routed: they page through the policy they were given, if any.
    const manual = plan.open.flatMap(({ organizationId, incidentId, at }) => {
      const row = byIncident.get(incidentId);
      return row && !row.integration_id && row.incident_policy_id
        ? [
            {
              organizationId,
              incidentId,
              policyId: row.incident_policy_id,
              ...(row.urgency ? { urgency: row.urgency } : {}),
              publicUrl: deps.publicUrl,
              ...due(at),
            },
          ]
        : [];
    });
    const decisions = await routeOpenedIncidents(batch, events, opened, (organizationId) =>
      deps.routingRules.forOrganization(organizationId),
    );
    const waits: Array<WaitingEscalation<EscalationInput>> = [];
    await forEachBounded(
      opened.flatMap(({ organizationId, incidentId, row, at }) => {
        const decision = decisions.get(incidentId);
        const delayMs = pageDelayMs(row.page_after, now);
        return decision?.policyId
          ? [
              {
                input: {
                  organizationId,
                  incidentId,
                  policyId: decision.policyId,
                  urgency: decision.urgency,
                  publicUrl: deps.publicUrl,
                  // A grouped incident's first page waits for its group_wait: a resolution meanwhile cancels it.
                  ...(delayMs > 0 ? {} : due(at)),
                },
                delayMs,
              },
            ]
          : [];
      }),
      // A first level mostly waits on its channel (an SMTP or push round trip), not on this process.
      deps.pageFirstLevel ? FIRST_LEVEL_CONCURRENCY : concurrency,
      (opening) => openEscalation(opening, waits),
    );
    // An incident opened by hand with a policy pages its level 1 from here too.
    await forEachBounded(manual, deps.pageFirstLevel ? FIRST_LEVEL_CONCURRENCY : concurrency, (input) =>
      openEscalation({ input, delayMs: 0 }, waits),
    );
    // New cycles: a reassignment, or an incident opened by hand for someone, pages its target even
    // without any policy (someone asked for it); a reopening pages what the incident paged before:
    // a routed incident, or one created by hand. Each pages its level 1 from here, as a new incident.
    await forEachBounded(
      plan.restart.flatMap((restart) => {
        const row = byIncident.get(restart.incidentId);
        const policyId = restart.policyId ?? (restart.userId ? null : (row?.incident_policy_id ?? null));
        if (!row || (!restart.userId && !policyId)) return [];
        if (restart.reason === 'reopened' && !row.incident_policy_id && row.integration_id) return [];
        return [
          {
            organizationId: restart.organizationId,
            incidentId: restart.incidentId,
            policyId,
            assigneeId: restart.userId,
            cycle: restart.cycle,
            ...(row.urgency ? { urgency: row.urgency } : {}),
            publicUrl: deps.publicUrl,
            ...due(restart.at),
          },
        ];
      }),
      deps.pageFirstLevel ? FIRST_LEVEL_CONCURRENCY : concurrency,
      (input) => openEscalation({ input, delayMs: 0 }, waits),
    );
    // Before this batch's acknowledgements below: one of an escalation opened here finds it held.
    await holdWaits(waits);
    await fanOutAcknowledgements(
      { temporal: deps.temporal, taskQueue: deps.taskQueue, concurrency },
      plan,
      (incidentId) => !!byIncident.get(incidentId)?.incident_policy_id,
    );
    // An incident created by hand may page its assignee in an organization without policies.
    const signals = plan.signals.filter((item) => {
      const row = byIncident.get(item.incidentId);
      return row?.org_has_policy || (row && !row.integration_id);
    });
    // Incidents concurrently, each one's signals in event order.
    await forEachBounded([...Map.groupBy(signals, (item) => item.incidentId).values()], concurrency, async (ofIncident) => {
      for (const item of ofIncident) {
        const cycle = item.cycle ?? byIncident.get(item.incidentId)?.escalation_cycle ?? 1;
        const resolve = item.signal === 'resolve';
        await endEscalation(
          deps.temporal,
          { taskQueue: deps.taskQueue, organizationId: item.organizationId, incidentId: item.incidentId, cycle },
          resolve ? 'resolved' : 'acknowledged',
          resolve ? escalationResolveSignal : escalationAcknowledgeSignal,
        );
      }
    });
    return { decisions, candidates: byIncident };
  }

  /**
   * One update workflow per change of an incident that has page messages a channel can update
   * (found for the whole batch in one query; none when no channel here updates its messages).
   */
  async function updatePageMessages(batch: RelayBatch, events: OutboxEvent[]): Promise<void> {
    const kinds = deps.pageUpdateKinds ?? [];
    const requests = kinds.length > 0 ? planPageUpdates(events) : [];
    if (requests.length === 0) return;
    const withMessages = await batch.incidentsWithPageMessages(
      requests.map((request) => request.incidentId),
      kinds,
    );
    await forEachBounded(
      requests.filter((request) => withMessages.has(request.incidentId)),
      concurrency,
      startPageUpdates,
    );
  }

  /**
   * Organization chat feeds: each incident's updates in this batch (chat-feeds.ts), in event order,
   * to every feed of its routing rule or integration (routed above, in this transaction). Each is
   * recorded pending with its place in the outbox order, so a later batch's posts to the same thread
   * wait for it (decision 0020).
   */
  async function postToChatFeeds(batch: RelayBatch, events: OutboxEvent[]): Promise<void> {
    const updates = feedUpdatesOf(events);
    if (updates.length === 0) return;
    const incidents = [...new Map(updates.map((item) => [item.incidentId, item])).values()];
    const feeds = await batch.chatFeedsOfIncidents(incidents);
    if (feeds.length === 0) return;
    const eventAt = new Map(events.map((event) => [event.id, event.created_at]));
    const posts = feeds.map((feed) => ({
      organizationId: feed.organization_id,
      feedId: feed.feed_id,
      incidentId: feed.incident_id,
      publicUrl: deps.publicUrl,
      updates: updates.filter((item) => item.incidentId === feed.incident_id).map((item) => item.update),
    }));
    await batch.recordPendingChatFeedUpdates(
      posts.flatMap((post) =>
        post.updates.map((update) => ({
          feedId: post.feedId,
          incidentId: post.incidentId,
          eventId: update.eventId,
          eventAt: eventAt.get(update.eventId) as Date | string,
        })),
      ),
    );
    await forEachBounded(posts, concurrency, startChatFeed);
  }

  /**
   * The Temporal Schedule of each `ical` layer (worker/ical-refresh-schedules.ts): created when the
   * layer's URL is written, with a fetch at once, and deleted with the layer.
   */
  async function syncIcalLayers(events: OutboxEvent[]): Promise<void> {
    const plan = planIcalLayerSync(events);
    await forEachBounded(plan.remove, concurrency, (layerId) => removeIcalRefreshSchedule(deps.temporal, layerId));
    await forEachBounded(plan.refresh, concurrency, async ({ eventId, ...input }) => {
      await ensureIcalRefreshSchedule(deps.temporal, deps.taskQueue, input);
      await startOnce('icalRefreshWorkflow', workflowIds.icalFetchNow(input.layerId, eventId), input, tenantJobsTaskQueue(deps.taskQueue));
    });
  }

  /** Each organization whose schedules or overrides changed in the batch: its handoff notices planned again. */
  async function replanHandoffs(events: OutboxEvent[]): Promise<void> {
    const organizations = new Set(events.filter((event) => event.type === 'schedule.updated').map((event) => event.organization_id));
    await forEachBounded([...organizations], concurrency, (organizationId) =>
      replanHandoffNotices(deps.temporal, { taskQueue: deps.taskQueue, organizationId, publicUrl: deps.publicUrl }),
    );
  }

  /** One delivery per event and enabled, unpaused integration subscribed to its type, found in one query. */
  async function deliveries(batch: RelayBatch, events: OutboxEvent[]): Promise<DeliveryInput[]> {
    const rows = await batch.subscribedIntegrations(events);
    const byId = new Map(events.map((event) => [event.id, event]));
    return rows.map((row) => {
      const event = byId.get(row.event_id) as OutboxEvent;
      return {
        eventId: event.id,
        eventType: event.type,
        organizationId: event.organization_id,
        integrationId: row.integration_id,
        incidentId: event.incident_id,
      };
    });
  }

  /**
   * Writes the batch's notifications, then starts the emails of those it wrote: a re-run batch,
   * whose notifications exist already, starts none.
   */
  async function notify(batch: RelayBatch, events: OutboxEvent[], pagedByPolicy: ReadonlySet<string>): Promise<InsertedNotification[]> {
    const drafts = await planNotifications(batch, events, pagedByPolicy);
    const inserted = await batch.insertNotifications(drafts);
    const mails = planNotificationMails(drafts, new Map(inserted.map((row) => [notificationKey(row), row.id])));
    await forEachBounded(notificationMailBatches(mails, deps.publicUrl), concurrency, startNotificationMails);
    return inserted;
  }

  /** Relays one batch; returns how many events it dispatched. */
  async function relayBatch(): Promise<number> {
    return deps.store.transaction(async (batch) => {
      const events = await batch.claimUndispatchedEvents(batchSize);
      if (events.length === 0) return 0;
      // Paging first: routing and the escalations' starts wait for no indexing signal, delivery or mail.
      const { decisions, candidates } = await escalate(batch, events);
      // Runbooks the routing rules or priorities start (one per incident), and runs of incidents resolved another way cancelled.
      await relayRemediations({ temporal: deps.temporal, concurrency, start: startRemediation }, batch, events, decisions, candidates);
      await forEachBounded(planResponderPages(events), concurrency, (start) => startResponderPage({ ...start, publicUrl: deps.publicUrl }));
      await postToChatFeeds(batch, events);
      await forEachBounded(planStatusUpdateMails(events), concurrency, (mail) =>
        startStatusUpdateMails({ ...mail, publicUrl: deps.publicUrl }),
      );
      // Incidents change in the API and in ingestion activities alike, other documents in the API; every change passes here.
      // One signal per organization's bucket, carrying all of its documents in this batch.
      const indexing = deps.indexSearch
        ? scheduleSearchIndexing({ client: deps.temporal, taskQueue: deps.taskQueue }, documentsToIndex(events), { concurrency })
        : Promise.resolve();
      // Its failure is awaited below; a rejection before then is no unhandled rejection.
      indexing.catch(() => undefined);
      const targets = await deliveries(batch, events);
      // Temporal calls overlap the notification queries; any failure rolls the whole batch back.
      const [, , notifications] = await Promise.all([
        indexing,
        forEachBounded(targets, concurrency, startDelivery),
        notify(batch, events, pagedByPolicy(decisions, candidates)),
      ]);
      await syncIcalLayers(events);
      await replanHandoffs(events);
      await updatePageMessages(batch, events);
      await batch.publishRealtimeNotices(batchNotices(events, notifications).map((notice) => JSON.stringify(notice)));
      await batch.markEventsDispatched(events.map((event) => event.id));
      return events.length;
    });
  }

  /**
   * Polls until stopped, woken by `tocsin_outbox` notifications (with `listen`) as events commit;
   * a failing batch (database or Temporal away) is retried with backoff.
   * `stats()` tells the worker's health endpoint when a batch last succeeded; `busy()` whether a
   * batch is being relayed now (search's follow-up waits for it: the batch pages new incidents),
   * a poll of an outbox found empty last time not counting.
   */
  function start(): RunningOutboxRelay {
    let stopped = false;
    let relaying = false;
    // After an empty batch, a batch the timer starts (nothing nudged) is a poll for stragglers, not
    // work on the critical path: search's follow-up need not wait for it.
    let polling = false;
    const stats: OutboxRelayStats = { lastSuccessAt: undefined, batches: 0, failedBatches: 0, consecutiveFailures: 0, relayedEvents: 0 };
    let wake: (() => void) | undefined;
    // Set by a notification that arrives while a batch runs: its events may have missed the claim.
    let nudged = false;
    const idleMs = deps.idleMs ?? 250;
    const sleep = (ms: number, wakeable: boolean) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        const end = () => {
          clearTimeout(timer);
          wake = undefined;
          resolve();
        };
        wake = end;
        if (!wakeable) wake = () => (stopped ? end() : undefined);
      });
    const nudge = () => {
      nudged = true;
      wake?.();
    };
    // Also nudged once LISTEN is (again) in place: events committed while it was away are waiting.
    const listener = deps.listen
      ? createPgListener({
          databaseUrl: deps.listen.databaseUrl,
          channel: OUTBOX_CHANNEL,
          logger: deps.logger,
          onNotification: nudge,
          onListening: nudge,
        })
      : undefined;
    const loop = (async () => {
      let failures = 0;
      while (!stopped) {
        try {
          polling &&= !nudged;
          nudged = false;
          relaying = true;
          const relayed = await relayBatch().finally(() => (relaying = false));
          polling = relayed === 0;
          failures = 0;
          Object.assign(stats, {
            lastSuccessAt: Date.now(),
            batches: stats.batches + 1,
            consecutiveFailures: 0,
            relayedEvents: stats.relayedEvents + relayed,
          });
          if (relayed < batchSize && !nudged && !stopped) await sleep(idleMs, true);
        } catch (error) {
          failures += 1;
          polling = false;
          Object.assign(stats, { failedBatches: stats.failedBatches + 1, consecutiveFailures: failures });
          if (stopped) break;
          deps.logger.warn({ err: error, failures }, 'outbox relay batch failed; retrying');
          // Notifications do not cut a failure's backoff short: the database or Temporal needs the time.
          await sleep(Math.min(30_000, 500 * 2 ** Math.min(failures, 6)), false);
        }
      }
    })();
    return {
      stats: () => ({ ...stats }),
      // A notification during a poll makes it work: its events may be in this batch.
      busy: () => relaying && (!polling || nudged),
      async stop() {
        stopped = true;
        wake?.();
        await loop;
        await listener?.close();
      },
    };
  }

  return { relayBatch, start };
}
