import { condition, continueAsNew, proxyLocalActivities, setHandler, upsertSearchAttributes, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import { nextBatchSize, type AlertIngestionInput, type AlertSignalPayload, type IngestionResult } from '../shared/domain/ingestion.ts';
import { INCIDENT_ID } from '../shared/domain/search-attributes.ts';
import { dbLocalActivityOptions } from './activity-options.ts';
import { alertReceivedSignal, alertsReceivedSignal, incidentResolvedSignal, ingestionStateQuery } from './messages.ts';

const { recordAlerts } = proxyLocalActivities<Activities>(dbLocalActivityOptions);

// Keeps the event history small; continue-as-new carries the incident and the unprocessed alerts.
const MAX_ALERTS_PER_RUN = 2000;
// Continue-as-new carries `pending` in its input: only when that input stays far from Temporal's
// payload limit. A run under a storm that never gets this low goes on until it does.
const MAX_CARRIED_ALERTS = 100;

/**
 * One workflow per open incident, keyed `alert:<org>:<integration>:<dedup key>`: the API
 * signalWithStarts it for every payload, so Temporal's one-running-workflow-per-id rule makes
 * deduplication race-free. Alerts are applied in arrival order, all those pending at once in one
 * transaction (up to a resolved alert, see nextBatchSize). The workflow ends when its incident is
 * resolved and nothing is pending; the next firing alert starts a new one, and a new incident.
 */
export async function alertIngestionWorkflow(input: AlertIngestionInput): Promise<IngestionResult> {
  let incidentId = input.incidentId ?? null;
  const pending: AlertSignalPayload[] = [...(input.pending ?? [])];
  let resolvedByHand = false;

  setHandler(alertReceivedSignal, (signal) => {
    pending.push(signal);
  });
  setHandler(alertsReceivedSignal, ({ alerts }) => {
    pending.push(...alerts);
  });
  setHandler(incidentResolvedSignal, (signal) => {
    if (signal.incidentId === incidentId) resolvedByHand = true;
  });
  setHandler(ingestionStateQuery, () => ({ incidentId, pending: pending.length }));

  let processed = 0;
  for (;;) {
    await condition(() => pending.length > 0 || resolvedByHand);
    while (pending.length > 0) {
      // The activity also finds a hand-resolved incident closed; the flag only saves it a lookup.
      if (resolvedByHand) {
        resolvedByHand = false;
        incidentId = null;
      }
      const signals = pending.splice(0, nextBatchSize(pending));
      const result = await recordAlerts({ signals, incidentId });
      if (result.incidentId && result.incidentId !== incidentId) {
        upsertSearchAttributes([{ key: INCIDENT_ID, value: result.incidentId }]);
      }
      incidentId = result.incidentId;
      processed += signals.length;
      const runIsLong = processed >= MAX_ALERTS_PER_RUN || workflowInfo().continueAsNewSuggested;
      const hasWork = incidentId !== null || pending.length > 0;
      if (runIsLong && hasWork && pending.length <= MAX_CARRIED_ALERTS) {
        await continueAsNew<typeof alertIngestionWorkflow>({ ...input, incidentId, pending });
      }
    }
    if (resolvedByHand) {
      resolvedByHand = false;
      incidentId = null;
    }
    if (incidentId === null) return { incidentId: null };
  }
}
