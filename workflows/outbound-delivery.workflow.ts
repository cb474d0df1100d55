import { ActivityFailure, ApplicationFailure, proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import type { DeliveryInput, DeliveryResult } from '../shared/domain/delivery.ts';
import { dbActivityOptions, deliveryActivityOptions } from './activity-options.ts';

const { sendWebhook } = proxyActivities<Activities>(deliveryActivityOptions);
// A regular activity: a database outage waits in a server-side retry, never inside a workflow task.
const { recordDeliveryOutcome } = proxyActivities<Activities>(dbActivityOptions);

/**
 * One domain event delivered to one integration, keyed `delivery:<event>:<integration>` so the
 * outbox relay can start it again after a crash without sending twice. `sendWebhook` makes up to
 * three attempts (1 s, then 2 s apart, per the retry policy); the outcome then counts toward the
 * integration's consecutive failures.
 */
export async function outboundDeliveryWorkflow(input: DeliveryInput): Promise<DeliveryResult> {
  try {
    const sent = await sendWebhook(input);
    if (sent.status === 'skipped') return { status: 'skipped', statusCode: null, error: sent.reason };
    await recordDeliveryOutcome({ ...input, succeeded: true });
    return { status: 'delivered', statusCode: sent.statusCode, error: null };
  } catch (error) {
    if (!(error instanceof ActivityFailure)) throw error;
    await recordDeliveryOutcome({ ...input, succeeded: false });
    const cause = error.cause instanceof ApplicationFailure ? error.cause.message : error.message;
    return { status: 'failed', statusCode: null, error: cause };
  }
}
