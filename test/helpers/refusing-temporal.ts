import { Metadata, Server, ServerCredentials, type status, type ServiceError } from '@grpc/grpc-js';
import protoPackage from '@temporalio/proto';

const { google, temporal } = protoPackage;
const workflowService = temporal.api.workflowservice.v1;
const SIGNAL_WITH_START = '/temporal.api.workflowservice.v1.WorkflowService/SignalWithStartWorkflowExecution';

/** The server's causes of a RESOURCE_EXHAUSTED that the tests give. */
export const RESOURCE_EXHAUSTED_CAUSE = {
  busyWorkflow: temporal.api.enums.v1.ResourceExhaustedCause.RESOURCE_EXHAUSTED_CAUSE_BUSY_WORKFLOW,
  rpsLimit: temporal.api.enums.v1.ResourceExhaustedCause.RESOURCE_EXHAUSTED_CAUSE_RPS_LIMIT,
} as const;

/** Trailing metadata as Temporal's server sends with a RESOURCE_EXHAUSTED: its cause in the status details. */
export function resourceExhaustedMetadata(cause: number, code: number, message: string): Metadata {
  const metadata = new Metadata();
  const failure = temporal.api.errordetails.v1.ResourceExhaustedFailure.encode({ cause }).finish();
  const details = google.rpc.Status.encode({
    code,
    message,
    details: [{ type_url: 'type.googleapis.com/temporal.api.errordetails.v1.ResourceExhaustedFailure', value: failure }],
  }).finish();
  metadata.set('grpc-status-details-bin', Buffer.from(details));
  return metadata;
}

/**
 * A gRPC server answering Temporal's SignalWithStartWorkflowExecution: for its first `refuseForMs`
 * with `code` and, when given, `cause` in the status details (as a real server refuses a signal to a
 * workflow whose continue-as-new it is retrying: RESOURCE_EXHAUSTED, cause BUSY_WORKFLOW), after that
 * with a run id. Records when each call came.
 */
export async function startRefusingTemporal(refuseForMs: number, code: status, cause?: number) {
  const startedAt = Date.now();
  const calls: number[] = [];
  const server = new Server();
  server.addService(
    {
      signalWithStartWorkflowExecution: {
        path: SIGNAL_WITH_START,
        requestStream: false,
        responseStream: false,
        requestSerialize: (request: Buffer) => request,
        requestDeserialize: (bytes: Buffer) => bytes,
        responseSerialize: (response: Uint8Array) => Buffer.from(response),
        responseDeserialize: (bytes: Buffer) => bytes,
      },
    },
    {
      signalWithStartWorkflowExecution: (_call: unknown, answer: (error: Partial<ServiceError> | null, response?: Uint8Array) => void) => {
        calls.push(Date.now());
        const details = 'workflow operation can not be applied because workflow is closing';
        if (Date.now() - startedAt < refuseForMs)
          answer({ code, details, ...(cause === undefined ? {} : { metadata: resourceExhaustedMetadata(cause, code, details) }) });
        else answer(null, workflowService.SignalWithStartWorkflowExecutionResponse.encode({ runId: 'run-after-refusals' }).finish());
      },
    },
  );
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound))),
  );
  return { address: `127.0.0.1:${port}`, calls, close: () => new Promise<void>((resolve) => server.tryShutdown(() => resolve())) };
}
