import type { ActivityOptions } from '@temporalio/workflow';

/** Database writes: short, idempotent, retried until the database is back. */
export const dbActivityOptions: ActivityOptions = {
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
};
