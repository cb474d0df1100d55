import { Server, ServerCredentials, type status, type ServiceError } from '@grpc/grpc-js';
import protoPackage from '@temporalio/proto';

const workflowService = protoPackage.temporal.api.workflowservice.v1;
const SIGNAL_WITH_START = '/temporal.api.workflowservice.v1.WorkflowService/SignalWithStartWorkflowExecution';

/**
 * A gRPC server answering Temporal's SignalWithStartWorkflowExecution: for its first `refuseForMs`
 * with `code` (as a real server refuses a signal to a workflow whose continue-as-new it is
 * retrying, RESOURCE_EXHAUSTED), after that with a run id. Records when each call came.
 */
export async function startRefusingTemporal(refuseForMs: number, code: status) {
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
        if (Date.now() - startedAt < refuseForMs)
          answer({ code, details: 'workflow operation can not be applied because workflow is closing' });
        else answer(null, workflowService.SignalWithStartWorkflowExecutionResponse.encode({ runId: 'run-after-refusals' }).finish());
      },
    },
  );
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound))),
  );
  return { address: `127.0.0.1:${port}`, calls, close: () => new Promise<void>((resolve) => server.tryShutdown(() => resolve())) };
}
