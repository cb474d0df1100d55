import {
  condition,
  continueAsNew,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import {
  admitNewReceipts,
  nextBatchSize,
  type AlertIngestionInput,
  type AlertSignalPayload,
  type IngestionResult,
} from '../shared/domain/ingestion.ts';
import { INCIDENT_ID } from '../shared/domain/search-attributes.ts';
import { dbActivityOptions, dbLocalActivityOptions } from './activity-options.ts';
import { localFirst } from './helpers/local-first.ts';
import { alertReceivedSignal, alertsReceivedSignal, incidentResolvedSignal, ingestionStateQuery } from './messages.ts';

const local = proxyLocalActivities<Activities>(dbLocalActivityOptions);
const durable = proxyActivities<Activities>(dbActivityOptions);

// During a database outage the alerts wait in Temporal, in the regular activity's server-side retry.
const recordAlerts = localFirst(local.recordAlerts, durable.recordAlerts);

// Keeps the event history small; continue-as-new carries the incident and the unprocessed alerts.
const MAX_ALERTS_PER_RUN = 2000;
// Continue-as-new carries `pending` (and the recent receipt keys, bounded) in its input: only
// when that input stays far from Temporal's payload limit. A run under a storm that never gets
// this low goes on until it does.
const MAX_CARRIED_ALERTS = 100;

/**
 * One workflow per open incident, keyed `alert:<org>:<integration>:<dedup key>`: how alerts were
 * ingested before bucket workflows (docs/decisions/0008-bucket-workflows.md). Nothing starts it
 * any more; it stays registered so runs started before the upgrade finish. The API
 * signalWithStarted it for every payload, so Temporal's one-running-workflow-per-id rule made
 * deduplication race-free. Alerts are applied in arrival order, all those pending at once in one
 * transaction (up to a resolved alert, see nextBatchSize). The workflow ends when its incident is
 * resolved and nothing is pending; the next firing alert starts a new one, and a new incident.
 */
export async function alertIngestionWorkflow(input: AlertIngestionInput): Promise<IngestionResult> {
  let incidentId = input.incidentId ?? null;
  // The API chose this id for the incident the run opens first and started the run with it as the
  // incident search attribute, which spares a new incident the upsert. Offered to the first batch only.
  let incidentIdAtStart = input.firstIncidentId ?? null;
  const pending: AlertSignalPayload[] = [...(input.pending ?? [])];
  // A sender's retry of a delivery Temporal already holds (its answer was lost) is dropped here.
  const recentReceipts = new Map(input.recentReceipts ?? []);
  let resolvedByHand = false;
  // The organization's auto_resolve_after_hours when the incident opened; the timer below restarts
  // with every batch of alerts, since each one brings the workflow back around the loop.
  let autoResolveAfterMs = input.autoResolveAfterMs ?? null;
  let idleWaitMs = autoResolveAfterMs;

  setHandler(alertReceivedSignal, (signal) => {
    pending.push(...admitNewReceipts(recentReceipts, [signal]));
  });
  setHandler(alertsReceivedSignal, ({ alerts }) => {
    pending.push(...admitNewReceipts(recentReceipts, alerts));
  });
  setHandler(incidentResolvedSignal, (signal) => {
    if (signal.incidentId === incidentId) resolvedByHand = true;
  });
  setHandler(ingestionStateQuery, () => ({ incidentId, pending: pending.length }));

  let processed = 0;
  for (;;) {
    const woken =
      idleWaitMs !== null && incidentId !== null
        ? await condition(() => pending.length > 0 || resolvedByHand, idleWaitMs)
        : await condition(() => pending.length > 0 || resolvedByHand).then(() => true);
    if (!woken && incidentId !== null && autoResolveAfterMs !== null) {
      const outcome = await durable.autoResolveIncident({ organizationId: input.organizationId, incidentId, afterMs: autoResolveAfterMs });
      if (outcome.resolved) incidentId = null;
      else idleWaitMs = outcome.waitMs;
      if (incidentId === null && pending.length === 0) return { incidentId: null };
      continue;
    }
    idleWaitMs = autoResolveAfterMs;
    while (pending.length > 0) {
      // The activity also finds a hand-resolved incident closed; the flag only saves it a lookup.
      if (resolvedByHand) {
        resolvedByHand = false;
        incidentId = null;
      }
      const signals = pending.splice(0, nextBatchSize(pending));
      const result = await recordAlerts({ signals, incidentId, ...(incidentIdAtStart ? { newIncidentId: incidentIdAtStart } : {}) });
      const startedWithIt = result.incidentId === incidentIdAtStart;
      incidentIdAtStart = null;
      if (result.incidentId && result.incidentId !== incidentId && !startedWithIt) {
        upsertSearchAttributes([{ key: INCIDENT_ID, value: result.incidentId }]);
      }
      if (result.created) autoResolveAfterMs = idleWaitMs = result.autoResolveAfterMs ?? null;
      incidentId = result.incidentId;
      processed += signals.length;
      const runIsLong = processed >= MAX_ALERTS_PER_RUN || workflowInfo().continueAsNewSuggested;
      const hasWork = incidentId !== null || pending.length > 0;
      if (runIsLong && hasWork && pending.length <= MAX_CARRIED_ALERTS) {
        await continueAsNew<typeof alertIngestionWorkflow>({
          ...input,
          firstIncidentId: undefined,
          incidentId,
          pending,
          recentReceipts: [...recentReceipts],
          autoResolveAfterMs,
        });
      }
    }
    if (resolvedByHand) {
      resolvedByHand = false;
      incidentId = null;
    }
    if (incidentId === null) return { incidentId: null };
  }
}
