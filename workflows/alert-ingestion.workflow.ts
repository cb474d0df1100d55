import { condition, continueAsNew, proxyLocalActivities, setHandler, upsertSearchAttributes, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import type { AlertIngestionInput, AlertSignalPayload, IngestionResult } from '../shared/domain/ingestion.ts';
import { INCIDENT_ID } from '../shared/domain/search-attributes.ts';
import { dbLocalActivityOptions } from './activity-options.ts';
import { alertReceivedSignal, incidentResolvedSignal, ingestionStateQuery } from './messages.ts';

const { recordFiringAlert, recordResolvedAlert } = proxyLocalActivities<Activities>(dbLocalActivityOptions);

// Keeps the event history small; continue-as-new carries the incident and the unprocessed alerts.
const MAX_ALERTS_PER_RUN = 500;

/**
 * One workflow per open incident, keyed `alert:<org>:<integration>:<dedup key>`: the API
 * signalWithStarts it for every alert, so Temporal's one-running-workflow-per-id rule makes
 * deduplication race-free. Alerts are applied one at a time, in arrival order. The workflow ends
 * when its incident is resolved; the next firing alert starts a new one, and a new incident.
 */
export async function alertIngestionWorkflow(input: AlertIngestionInput): Promise<IngestionResult> {
  let incidentId = input.incidentId ?? null;
  const pending: AlertSignalPayload[] = [...(input.pending ?? [])];
  let resolvedByHand = false;

  setHandler(alertReceivedSignal, (signal) => {
    pending.push(signal);
  });
  setHandler(incidentResolvedSignal, (signal) => {
    if (signal.incidentId === incidentId) resolvedByHand = true;
  });
  setHandler(ingestionStateQuery, () => ({ incidentId, pending: pending.length }));

  let processed = 0;
  for (;;) {
    await condition(() => pending.length > 0 || resolvedByHand);
    if (resolvedByHand) {
      resolvedByHand = false;
      incidentId = null;
    }
    while (pending.length > 0) {
      const signal = pending.shift() as AlertSignalPayload;
      if (signal.alert.status === 'firing') {
        const result = await recordFiringAlert({ signal, incidentId });
        if (result.incidentId && result.incidentId !== incidentId) {
          incidentId = result.incidentId;
          upsertSearchAttributes([{ key: INCIDENT_ID, value: incidentId }]);
        }
      } else {
        await recordResolvedAlert({ signal, incidentId });
        incidentId = null;
      }
      processed += 1;
    }
    if (incidentId === null && pending.length === 0) return { incidentId: null };
    if (processed >= MAX_ALERTS_PER_RUN || workflowInfo().continueAsNewSuggested) {
      await continueAsNew<typeof alertIngestionWorkflow>({ ...input, incidentId, pending });
    }
  }
}
