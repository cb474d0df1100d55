import type { ActivityOptions, LocalActivityOptions } from '@temporalio/workflow';

/** Database writes: short, idempotent, retried until the database is back. */
export const dbActivityOptions: ActivityOptions = {
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
};

/**
 * Short database writes run as local activities: no round trip through the Temporal server per
 * write, which is most of an alert's path. They run inside a workflow task, so they are bounded
 * well under its 10 s timeout: an attempt gets 8 s (above the pool's 5 s acquire timeout, so a
 * missing connection fails as such), retried in the worker twice, 200 ms then 400 ms apart (under
 * the 2 s localRetryThreshold). After that they fail, and the workflow falls back to the same
 * activity with dbActivityOptions: during a database outage the write waits in a server-side
 * retry and the workflow task completes at once. The writes are idempotent by alert id.
 */
export const dbLocalActivityOptions: LocalActivityOptions = {
  startToCloseTimeout: '8 seconds',
  localRetryThreshold: '2 seconds',
  retry: { initialInterval: '200 milliseconds', backoffCoefficient: 2, maximumInterval: '1 second', maximumAttempts: 3 },
};

/**
 * Runbook http steps: 3 attempts, 1 s then 2 s apart. The request itself times out after 30 s;
 * 4xx answers and refused targets are non-retryable failures, so only transient ones repeat.
 */
export const httpStepActivityOptions: ActivityOptions = {
  startToCloseTimeout: '40 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '10 seconds', maximumAttempts: 3 },
};

/**
 * Outbound webhook deliveries (contract): 3 attempts, waits of 2^n seconds (1 s, then 2 s); the
 * request itself times out after 30 s. 4xx answers and refused targets fail non-retryably.
 */
export const deliveryActivityOptions: ActivityOptions = {
  startToCloseTimeout: '45 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '4 seconds', maximumAttempts: 3 },
};

/** Search indexing: retried without limit, so writes wait out an Elasticsearch outage in Temporal. */
export const searchActivityOptions: ActivityOptions = {
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '5 minutes' },
};

/**
 * A bucket's pass over up to MAX_DOCUMENTS_PER_PASS documents: retried without limit like one
 * document; it heartbeats per document, so a stuck pass fails after a minute, not the whole timeout.
 */
export const searchBatchActivityOptions: ActivityOptions = {
  ...searchActivityOptions,
  startToCloseTimeout: '15 minutes',
  heartbeatTimeout: '1 minute',
};

/**
 * The chat assistant: an answer streams for at most 2 minutes (heartbeats every chunk, so a
 * stalled stream fails after 30 s), 3 attempts 2 s then 4 s apart; 4xx answers are final.
 */
export const assistantActivityOptions: ActivityOptions = {
  startToCloseTimeout: '2 minutes',
  heartbeatTimeout: '30 seconds',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '10 seconds', maximumAttempts: 3 },
};

/**
 * Notification emails: an SMTP server away for a while delays them rather than losing them; 20
 * attempts, backing off to 10 minutes apart, keep trying for about two hours.
 */
export const notificationMailActivityOptions: ActivityOptions = {
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '10 minutes', maximumAttempts: 20 },
};

/**
 * Escalation steps (read the policy, resolve a level, record and send its pages): retried until
 * the database is back; pages are claimed before their send, so a retry never pages twice.
 */
export const escalationActivityOptions: ActivityOptions = {
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds' },
};

/**
 * An escalation's level as one local activity (activities/escalation-level.ts): no round trip
 * through the Temporal server and no wait for an activity slot behind other work. An attempt may
 * last as long as a webhook page's send; the worker heartbeats the workflow task meanwhile. The
 * retries are dbLocalActivityOptions' (three attempts in the worker), then the workflow runs the
 * same activity as a regular one with escalationActivityOptions, which waits out a database outage
 * on the server.
 */
export const escalationLocalActivityOptions: LocalActivityOptions = {
  ...dbLocalActivityOptions,
  startToCloseTimeout: '45 seconds',
};

/**
 * An `ical` layer's fetch: the request times out after 30 s and a failed fetch is recorded, not
 * thrown, so only database trouble retries (3 attempts); the next scheduled refresh is the retry.
 */
export const icalRefreshActivityOptions: ActivityOptions = {
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '10 seconds', maximumAttempts: 3 },
};

/** Organization chat feed posts: retried while the chat or the database is away, for about a day at most. */
export const chatFeedActivityOptions: ActivityOptions = {
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '10 minutes', maximumAttempts: 150 },
};
