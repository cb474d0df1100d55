import type { Metadata } from '@grpc/grpc-js';
import protoPackage from '@temporalio/proto';

const { google, temporal } = protoPackage;
const RESOURCE_EXHAUSTED_FAILURE = 'temporal.api.errordetails.v1.ResourceExhaustedFailure';
const BUSY_WORKFLOW = temporal.api.enums.v1.ResourceExhaustedCause.RESOURCE_EXHAUSTED_CAUSE_BUSY_WORKFLOW;

/**
 * Whether a RESOURCE_EXHAUSTED came with the server's cause BUSY_WORKFLOW: one workflow refusing for a
 * moment (a signal to a bucket whose continue-as-new the server refused, until its next task has
 * replayed the run), not a rate limit, which the SDK's backoff (1 s, then ×1.7) is made for. The cause
 * travels in the status details (`grpc-status-details-bin`); anything unreadable counts as not busy.
 */
export function isBusyWorkflow(status: { metadata?: Metadata }): boolean {
  const encoded = status.metadata?.get('grpc-status-details-bin')[0];
  if (!encoded || typeof encoded === 'string') return false;
  try {
    return google.rpc.Status.decode(encoded).details.some(
      (detail) =>
        detail.type_url?.replace(/^type\.googleapis\.com\//, '') === RESOURCE_EXHAUSTED_FAILURE &&
        detail.value instanceof Uint8Array &&
        temporal.api.errordetails.v1.ResourceExhaustedFailure.decode(detail.value).cause === BUSY_WORKFLOW,
    );
  } catch {
    return false;
  }
}

const BUSY_FIRST_DELAY_MS = 50;
const BUSY_MAX_DELAY_MS = 250;

/**
 * The wait before the next attempt at a busy workflow: it takes signals again as soon as its replay
 * is done (under a second idle, a few seconds on busy cores), so a webhook waits about that long
 * rather than the SDK's 1.7, 2.9, 4.9 s steps. Jittered, so the waiting webhooks do not come back together.
 */
export function busyWorkflowDelayMs(attempt: number, random = Math.random): number {
  return Math.min(BUSY_MAX_DELAY_MS, BUSY_FIRST_DELAY_MS * 1.7 ** attempt) * (0.8 + 0.4 * random());
}
