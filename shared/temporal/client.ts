import {
  Client,
  Connection,
  defaultGrpcRetryOptions,
  makeGrpcRetryInterceptor,
  type ClientInterceptors,
  type ConnectionOptions,
} from '@temporalio/client';
import { busyWorkflowDelayMs, isBusyWorkflow } from './busy-workflow.ts';

export interface TemporalSettings {
  address: string;
  namespace: string;
  taskQueue: string;
  /** Deadline of a call that sets none itself (see boundedCalls); DEFAULT_TEMPORAL_CALL_TIMEOUT_MS when unset. */
  callTimeoutMs?: number;
  /** How long a call retries a server it cannot reach (see boundedCalls); DEFAULT_TEMPORAL_RETRY_WINDOW_MS when unset. */
  retryWindowMs?: number;
  /** E.g. the OpenTelemetry client interceptor (shared/observability/temporal-tracing.ts). */
  interceptors?: ClientInterceptors;
  /** Told of every retry a call makes (see boundedCalls), e.g. to count them for /metrics. */
  onRetry?: (retry: TemporalCallRetry) => void;
}

/** A failed attempt at a Temporal call that is tried again: the call's method and why it failed. */
export interface TemporalCallRetry {
  method: string;
  /** `busy_workflow`: RESOURCE_EXHAUSTED with that cause; `resource_exhausted`: any other (a rate limit). */
  reason: 'busy_workflow' | 'resource_exhausted' | 'unavailable' | 'other';
}

export interface TemporalClient {
  client: Client;
  taskQueue: string;
  close(): Promise<void>;
}

/**
 * How long a call waits for the server's answer: an alert a busy server accepts late still pages,
 * where a 503 loses it at every sender that does not retry.
 */
export const DEFAULT_TEMPORAL_CALL_TIMEOUT_MS = 10_000;
/** How long a call retries a server that refuses or drops its connections: a webhook sender gets its 503 promptly when Temporal is down. */
export const DEFAULT_TEMPORAL_RETRY_WINDOW_MS = 3000;

type GrpcInterceptor = NonNullable<ConnectionOptions['interceptors']>[number];
type CallDeadline = Parameters<GrpcInterceptor>[0]['deadline'];
type GrpcStatus = Parameters<ReturnType<typeof defaultGrpcRetryOptions>['retryableDecider']>[1];
/**
 * A retry starts only with this much of the call's deadline left: one started later fails as
 * DEADLINE_EXCEEDED before the server can answer, and the caller sees that instead of the server's refusal.
 */
const LAST_ATTEMPT_MS = 200;
/** gRPC's status code 8 (the SDK does not re-export grpc-js's enum). */
const RESOURCE_EXHAUSTED = 8;

// Calls that wait on purpose (long polls, answers that depend on a worker): they keep the
// SDK's behaviour unless the caller sets a deadline (e.g. client.withDeadline around an update).
const WAITING_METHODS = new Set([
  'GetWorkflowExecutionHistory',
  'PollWorkflowExecutionUpdate',
  'UpdateWorkflowExecution',
  'ExecuteMultiOperation',
  'QueryWorkflow',
  'PollWorkflowTaskQueue',
  'PollActivityTaskQueue',
  'PollNexusTaskQueue',
]);

const deadlineMs = (deadline: CallDeadline): number | undefined => {
  const ms = deadline instanceof Date ? deadline.getTime() : deadline;
  return typeof ms === 'number' && Number.isFinite(ms) ? ms : undefined;
};

/**
 * The SDK's default gRPC interceptor retries an unreachable server ten times with backoff (about
 * 18 s) and sets no deadline, so a webhook waited that long for its 503, or forever on a server
 * that accepts connections but never answers. This one gives every call without a deadline of its
 * own `callTimeoutMs` to be answered in, and retries a failed attempt only within `retryWindowMs`
 * of the call's start: a server that is down costs the caller the window, a server that is slow
 * gets the whole deadline.
 */
export function boundedCalls(
  callTimeoutMs: number,
  retryWindowMs = Math.min(callTimeoutMs, DEFAULT_TEMPORAL_RETRY_WINDOW_MS),
  onRetry: (retry: TemporalCallRetry) => void = () => undefined,
): GrpcInterceptor {
  const defaults = defaultGrpcRetryOptions();
  const unbounded = makeGrpcRetryInterceptor(defaults);
  return (options, nextCall) => {
    const explicit = deadlineMs(options.deadline);
    const method = options.method_definition.path.slice(options.method_definition.path.lastIndexOf('/') + 1);
    if (explicit === undefined && WAITING_METHODS.has(method)) return unbounded(options, nextCall);
    const deadline = explicit ?? Date.now() + callTimeoutMs;
    // A caller's own deadline is its retry window too (e.g. an update that waits on purpose).
    const retryUntil = explicit ?? Math.min(deadline, Date.now() + retryWindowMs);
    // RESOURCE_EXHAUSTED is a server that is up and asks for a moment: a rate limit, or a workflow
    // refusing signals while its continue-as-new is retried. It gets the whole deadline, less the
    // time its last attempt needs to be answered; a busy workflow is tried again every quarter
    // second or so, as many times as that allows.
    const lastStart = deadline - LAST_ATTEMPT_MS;
    const retryLimit = (status: GrpcStatus) => (status.code === RESOURCE_EXHAUSTED ? lastStart : Math.min(retryUntil, lastStart));
    const retry = makeGrpcRetryInterceptor({
      retryableDecider: (attempt, status) => {
        const reason = reasonOf(status);
        const retries = Date.now() < retryLimit(status) && (reason === 'busy_workflow' || defaults.retryableDecider(attempt, status));
        if (retries) onRetry({ method, reason });
        return retries;
      },
      delayFunction: (attempt, status) =>
        Math.min(
          reasonOf(status) === 'busy_workflow' ? busyWorkflowDelayMs(attempt) : defaults.delayFunction(attempt, status),
          Math.max(0, retryLimit(status) - Date.now()),
        ),
    });
    return retry({ ...options, deadline }, nextCall);
  };
}

const UNAVAILABLE = 14;
const REASON_OF_CODE: Partial<Record<number, TemporalCallRetry['reason']>> = {
  [RESOURCE_EXHAUSTED]: 'resource_exhausted',
  [UNAVAILABLE]: 'unavailable',
};
const reasonOf = (status: GrpcStatus): TemporalCallRetry['reason'] =>
  status.code === RESOURCE_EXHAUSTED && isBusyWorkflow(status) ? 'busy_workflow' : (REASON_OF_CODE[status.code] ?? 'other');

/** Connection options every Tocsin client uses; exported so tests can open a lazy connection with them. */
export function temporalConnectionOptions(
  settings: Pick<TemporalSettings, 'address' | 'callTimeoutMs' | 'retryWindowMs' | 'onRetry'>,
): ConnectionOptions {
  return {
    address: settings.address,
    interceptors: [boundedCalls(settings.callTimeoutMs ?? DEFAULT_TEMPORAL_CALL_TIMEOUT_MS, settings.retryWindowMs, settings.onRetry)],
  };
}

/** One connection per process, created at start and passed down. */
export async function connectTemporal(settings: TemporalSettings): Promise<TemporalClient> {
  const connection = await Connection.connect(temporalConnectionOptions(settings));
  const client = new Client({ connection, namespace: settings.namespace, interceptors: settings.interceptors });
  return { client, taskQueue: settings.taskQueue, close: () => connection.close() };
}

/**
 * True when the namespace answers within `timeoutMs`: what /readyz means by "Temporal reachable".
 * The default stays under the readiness budget (READINESS_CHECK_TIMEOUT_MS) so that, through
 * boundedCalls, the call has settled, retries included, by the time /readyz answers.
 */
export async function isTemporalReachable(client: Client, namespace: string, timeoutMs = 1000): Promise<boolean> {
  try {
    await client.withDeadline(Date.now() + timeoutMs, () => client.workflowService.describeNamespace({ namespace }));
    return true;
  } catch {
    return false;
  }
}
