import { ServiceError } from '@temporalio/client';
import { ServiceUnavailableError, unavailableDependency } from '../../shared/errors.ts';

/** The shape @grpc/grpc-js gives a failed call: a numeric status code with details and metadata. */
// gRPC status codes (@grpc/grpc-js `status`): UNAVAILABLE 14, DEADLINE_EXCEEDED 4, RESOURCE_EXHAUSTED 8, INVALID_ARGUMENT 3.
const status = { UNAVAILABLE: 14, DEADLINE_EXCEEDED: 4, RESOURCE_EXHAUSTED: 8, INVALID_ARGUMENT: 3 } as const;

const grpcFailure = (code: number, details: string) => Object.assign(new Error(`${code} ${details}`), { code, details, metadata: {} });

describe('unavailableDependency', () => {
  it.each<[string, unknown, 'database' | 'temporal' | undefined]>([
    [
      'Temporal unreachable (UNAVAILABLE)',
      new ServiceError('Failed to signalWithStart Workflow', { cause: grpcFailure(status.UNAVAILABLE, 'No connection established') }),
      'temporal',
    ],
    [
      'Temporal too slow (DEADLINE_EXCEEDED)',
      new ServiceError('Failed to start Workflow', { cause: grpcFailure(status.DEADLINE_EXCEEDED, 'Deadline exceeded') }),
      'temporal',
    ],
    ['a bare gRPC UNAVAILABLE', grpcFailure(status.UNAVAILABLE, 'Connection dropped'), 'temporal'],
    [
      'Temporal still refusing at the deadline (RESOURCE_EXHAUSTED)',
      new ServiceError('Failed to signalWithStart Workflow', {
        cause: grpcFailure(status.RESOURCE_EXHAUSTED, 'workflow operation can not be applied because workflow is closing'),
      }),
      'temporal',
    ],
    [
      'Temporal refusing the call (INVALID_ARGUMENT)',
      new ServiceError('Failed', { cause: grpcFailure(status.INVALID_ARGUMENT, 'bad') }),
      undefined,
    ],
    ['a numeric code 14 without gRPC details', Object.assign(new Error('x'), { code: 14 }), undefined],
    ['PostgreSQL gone', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }), 'database'],
    ['a bug', new RangeError('Invalid time value'), undefined],
  ])('%s → %p', (_label, error, expected) => {
    expect(unavailableDependency(error)).toBe(expected);
  });
});

describe('ServiceUnavailableError', () => {
  it.each<[ConstructorParameters<typeof ServiceUnavailableError>[1], string]>([
    [undefined, '5'],
    [{ retryAfterSeconds: 30 }, '30'],
  ])('with %p tells the client to retry after %s s', (options, seconds) => {
    expect(new ServiceUnavailableError('down', options).headers['Retry-After']).toBe(seconds);
  });
});
