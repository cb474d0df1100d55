import { Metadata } from '@grpc/grpc-js';
import { busyWorkflowDelayMs, isBusyWorkflow } from '../../../shared/temporal/busy-workflow.ts';
import { RESOURCE_EXHAUSTED_CAUSE, resourceExhaustedMetadata } from '../../helpers/refusing-temporal.ts';

const RESOURCE_EXHAUSTED = 8;
const withDetails = (bytes: Buffer) => {
  const metadata = new Metadata();
  metadata.set('grpc-status-details-bin', bytes);
  return metadata;
};

describe('isBusyWorkflow', () => {
  it.each<[string, Metadata | undefined, boolean]>([
    [
      'the cause BUSY_WORKFLOW (a workflow refusing signals while its continue-as-new is retried)',
      resourceExhaustedMetadata(RESOURCE_EXHAUSTED_CAUSE.busyWorkflow, RESOURCE_EXHAUSTED, 'workflow is closing'),
      true,
    ],
    [
      'the cause RPS_LIMIT (a rate limit)',
      resourceExhaustedMetadata(RESOURCE_EXHAUSTED_CAUSE.rpsLimit, RESOURCE_EXHAUSTED, 'rate limit'),
      false,
    ],
    ['no status details', new Metadata(), false],
    ['no metadata at all', undefined, false],
    ['status details that are not a status', withDetails(Buffer.from([0xff, 0xff, 0xff, 0x0f])), false],
  ])('%s', (_label, metadata, busy) => {
    expect(isBusyWorkflow({ metadata })).toBe(busy);
  });
});

describe('busyWorkflowDelayMs', () => {
  it.each([
    // attempt, lowest, highest (±20 % jitter around 50 ms × 1.7^attempt, at most 250 ms)
    [1, 68, 102],
    [2, 115.6, 173.4],
    [3, 196.5, 294.8],
    [10, 200, 300],
  ])('attempt %i waits %d to %d ms', (attempt, lowest, highest) => {
    expect(busyWorkflowDelayMs(attempt, () => 0)).toBeCloseTo(lowest, 1);
    expect(busyWorkflowDelayMs(attempt, () => 1)).toBeCloseTo(highest, 1);
  });
});
