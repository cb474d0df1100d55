import { createRequire } from 'node:module';
import type { ClientInterceptors } from '@temporalio/client';
import type { WorkerOptions } from '@temporalio/worker';
import type { Tracing } from './tracing.ts';

const require = createRequire(import.meta.url);

/**
 * The trace crosses Temporal in its headers: the client interceptor injects the current context
 * when a workflow is started or signalled; inside the worker, the workflow interceptors (bundled
 * with the workflows, spans leaving the sandbox through a sink) and the activity interceptors
 * continue it. Nothing is installed, or even loaded, when tracing is off.
 */
export async function temporalClientInterceptors(tracing: Tracing | undefined): Promise<ClientInterceptors | undefined> {
  if (!tracing) return undefined;
  const { OpenTelemetryWorkflowClientInterceptor } = await import('@temporalio/interceptors-opentelemetry');
  return { workflow: [new OpenTelemetryWorkflowClientInterceptor({ tracer: tracing.tracer })] };
}

/** Worker options adding the workflow and activity interceptors and the workflow span sink. */
export async function temporalWorkerTracing(tracing: Tracing | undefined): Promise<Pick<WorkerOptions, 'interceptors' | 'sinks'>> {
  if (!tracing) return {};
  const { makeWorkflowExporter, OpenTelemetryActivityInboundInterceptor, OpenTelemetryActivityOutboundInterceptor } =
    await import('@temporalio/interceptors-opentelemetry');
  return {
    interceptors: {
      workflowModules: [require.resolve('@temporalio/interceptors-opentelemetry/lib/workflow-interceptors')],
      activity: [
        (ctx) => ({
          inbound: new OpenTelemetryActivityInboundInterceptor(ctx, { tracer: tracing.tracer }),
          outbound: new OpenTelemetryActivityOutboundInterceptor(ctx),
        }),
      ],
    },
    sinks: { exporter: makeWorkflowExporter(tracing.spanProcessor, tracing.resource) },
  };
}
