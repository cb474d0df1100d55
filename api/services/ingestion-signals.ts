import { WorkflowNotFoundError } from '@temporalio/client';
import type { Incident } from '../../shared/db/entities/index.ts';
import type { Logger } from '../../shared/logger.ts';
import type { TemporalClient } from '../../shared/temporal/client.ts';
import { workflowIds } from '../../shared/temporal/ids.ts';
import { incidentResolvedSignal } from '../../workflows/messages.ts';

/**
 * Ends the per-key ingestion workflow of a hand-resolved incident, for runs started before bucket
 * ingestion: nothing signals them any more, and one with no auto-resolve timer would otherwise wait
 * forever. Bucket workflows need no signal (their activity finds the incident resolved in the
 * database); when no per-key workflow runs any more, this can go. Best effort: correctness never
 * depends on it.
 */
export async function notifyIngestionOfResolution(temporal: TemporalClient, incident: Incident, logger: Logger): Promise<void> {
  if (!incident.integrationId || !incident.fingerprint) return;
  const workflowId = workflowIds.alertIngestion(incident.organization.id, incident.integrationId, incident.fingerprint);
  try {
    await temporal.client.workflow.getHandle(workflowId).signal(incidentResolvedSignal, { incidentId: incident.id });
  } catch (error) {
    if (!(error instanceof WorkflowNotFoundError)) logger.warn({ err: error, workflowId }, 'could not signal the ingestion workflow');
  }
}
