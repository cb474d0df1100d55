import { context, propagation, SpanKind, SpanStatusCode, trace, type Tracer } from '@opentelemetry/api';
import type { Resource } from '@opentelemetry/resources';
import type { SpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { Middleware } from 'koa';

/** A started tracing SDK: spans of this process go over OTLP/HTTP (JSON) to the collector. */
export interface Tracing {
  tracer: Tracer;
  resource: Resource;
  /** The processor spans end in; the worker hands it to the workflow span sink as well. */
  spanProcessor: SpanProcessor;
  /** Sends what is buffered; call before exit (and before reading a test receiver). */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

/**
 * Starts the OpenTelemetry SDK when an OTLP endpoint is configured, and only then: without one
 * the SDK is not even loaded, nothing is registered, the API's tracer is the no-op one and no
 * interceptor is installed, so tracing costs nothing. Registers the global tracer provider, context
 * manager (AsyncLocalStorage) and W3C trace-context propagator, which the Temporal interceptors use.
 */
export async function startTracing(options: { endpoint?: string; serviceName: string }): Promise<Tracing | undefined> {
  if (!options.endpoint) return undefined;
  const [{ OTLPTraceExporter }, { Resource }, { BatchSpanProcessor }, { NodeTracerProvider }] = await Promise.all([
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/sdk-trace-node'),
  ]);
  const resource = new Resource({ 'service.name': options.serviceName });
  const exporter = new OTLPTraceExporter({
    url: new URL('v1/traces', options.endpoint.endsWith('/') ? options.endpoint : `${options.endpoint}/`).toString(),
  });
  const spanProcessor = new BatchSpanProcessor(exporter, { scheduledDelayMillis: 1000 });
  const provider = new NodeTracerProvider({ resource, spanProcessors: [spanProcessor] });
  provider.register();
  return {
    tracer: provider.getTracer('tocsin'),
    resource,
    spanProcessor,
    flush: () => provider.forceFlush(),
    shutdown: () => provider.shutdown(),
  };
}

/**
 * One server span per request, continuing the caller's trace (`traceparent`), named by the route
 * template once the router has matched (`POST /api/v1/webhooks/:platform/:integration_id`), never
 * by the raw URL. Everything the request does (queries, Temporal calls, log lines) runs inside it.
 */
export function tracingMiddleware(tracer: Tracer): Middleware {
  return async (ctx, next) => {
    const parent = propagation.extract(context.active(), ctx.headers);
    const span = tracer.startSpan(
      `${ctx.method}`,
      {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': ctx.method, 'url.path': ctx.path },
      },
      parent,
    );
    let status = 500;
    try {
      await context.with(trace.setSpan(parent, span), next);
      status = ctx.status;
    } finally {
      const route = (ctx as { _matchedRoute?: unknown })._matchedRoute;
      if (typeof route === 'string') {
        span.updateName(`${ctx.method} ${route}`);
        span.setAttribute('http.route', route);
      }
      span.setAttribute('http.response.status_code', status);
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
  };
}
