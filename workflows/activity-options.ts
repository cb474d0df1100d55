import type { ActivityOptions, LocalActivityOptions } from '@temporalio/workflow';

/** Database writes: short, idempotent, retried until the database is back. */
export const dbActivityOptions: ActivityOptions = {
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
};

/**
 * Short database writes run as local activities: no round trip through the Temporal server per
 * write, which is most of an alert's path. They are retried by the worker, durably recorded in
 * history once done, and re-run after a worker crash; the writes are idempotent by alert id.
 */
export const dbLocalActivityOptions: LocalActivityOptions = {
  startToCloseTimeout: '30 seconds',
  localRetryThreshold: '10 seconds',
  retry: { initialInterval: '200 milliseconds', backoffCoefficient: 2, maximumInterval: '1 minute' },
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
