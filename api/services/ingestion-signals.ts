import { WorkflowNotFoundError } from '@temporalio/client';
import type { Incident } from '../../shared/db/entities/index.ts';
import type { Logger } from '../../shared/logger.ts';
import type { TemporalClient } from '../../shared/temporal/client.ts';
import { workflowIds } from '../../shared/temporal/ids.ts';
import { incidentResolvedSignal } from '../../workflows/messages.ts';

/**
 * A hand-resolved incident closes its alert stream, so the next firing alert opens a new incident.
 * Best effort: if the signal is lost, the ingestion activity still sees the incident resolved and
 * opens a new one, so correctness does not depend on it.
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
