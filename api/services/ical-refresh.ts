import { randomUUID } from 'node:crypto';
import type { TemporalClient } from '../../shared/temporal/client.ts';
import { tenantJobsTaskQueue, workflowIds, workflowSearchAttributes } from '../../shared/temporal/ids.ts';
import { ServiceUnavailableError } from '../../shared/errors.ts';
import type { icalRefreshWorkflow } from '../../workflows/ical-refresh.workflow.ts';
import type { IcalRefreshNow } from './schedule.service.ts';

/** How long "refresh now" waits for the fetch before answering the layer as it is. */
const WAIT_MS = 45_000;

/**
 * "Refresh now": starts the layer's refresh workflow (the fetch runs in the worker, through the
 * outbound guard, like the scheduled ones) and waits for it, at most WAIT_MS.
 */
export function createIcalRefreshNow(temporal: TemporalClient): IcalRefreshNow {
  return async (input) => {
    let handle;
    try {
      handle = await temporal.client.workflow.start<typeof icalRefreshWorkflow>('icalRefreshWorkflow', {
        // With the scheduled refreshes, apart from ingestion and paging.
        taskQueue: tenantJobsTaskQueue(temporal.taskQueue),
        workflowId: workflowIds.icalFetchNow(input.layerId, randomUUID()),
        args: [input],
        workflowExecutionTimeout: '5 minutes',
        typedSearchAttributes: workflowSearchAttributes({ organizationId: input.organizationId }),
      });
    } catch (error) {
      throw new ServiceUnavailableError('The calendar could not be fetched now; it is still refreshed every 15 minutes', { cause: error });
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, WAIT_MS);
    });
    try {
      await Promise.race([handle.result().then(() => undefined), timeout]);
    } finally {
      clearTimeout(timer);
    }
  };
}
