import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import type { IcalRefreshInput, IcalRefreshResult } from '../shared/domain/schedule-ical-layer.ts';
import { icalRefreshActivityOptions } from './activity-options.ts';

const { refreshIcalLayer } = proxyActivities<Activities>(icalRefreshActivityOptions);

/**
 * Fetches one `ical` layer's calendar and stores its events. Started every 15 minutes by the layer's
 * Temporal Schedule, at once when the layer's URL is written (outbox relay), and by "refresh now".
 */
export async function icalRefreshWorkflow(input: IcalRefreshInput): Promise<IcalRefreshResult> {
  return refreshIcalLayer(input);
}
