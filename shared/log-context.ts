import { AsyncLocalStorage } from 'node:async_hooks';
import { trace } from '@opentelemetry/api';

/** What every log line written while handling one request carries, whoever writes it. */
export interface LogContext {
  requestId?: string;
}

export const logContext = new AsyncLocalStorage<LogContext>();

/**
 * The fields the logger mixes into each line: the request id of the request being handled and,
 * when tracing is on, the active trace and span, so a line leads to its trace. Without an
 * OpenTelemetry SDK there is never an active span and this costs one lookup.
 */
export function logContextFields(): Record<string, string> {
  const fields: Record<string, string> = {};
  const requestId = logContext.getStore()?.requestId;
  if (requestId) fields.requestId = requestId;
  const span = trace.getActiveSpan()?.spanContext();
  if (span && span.traceId !== '00000000000000000000000000000000') {
    fields.traceId = span.traceId;
    fields.spanId = span.spanId;
  }
  return fields;
}
