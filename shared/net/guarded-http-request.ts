import { createOutboundHttp, OutboundRefusedError, type OutboundHttpOptions } from './outbound-http.ts';
import { OutboundRequestRefused, type HttpRequest } from './http-request.ts';

/**
 * The SSRF-guarded client (shared/net/outbound-http.ts) behind the activities' `HttpRequest` port,
 * for runbook http steps: refused targets surface as `OutboundRequestRefused` (non-retryable).
 * Redirects are not followed (a 3xx is answered as is), matching the port's default client.
 */
export function createGuardedHttpRequest(options: OutboundHttpOptions & { timeoutMs?: number }): HttpRequest {
  const client = createOutboundHttp(options);
  return async (request) => {
    try {
      const response = await client({ ...request, timeoutMs: options.timeoutMs ?? 30_000, maxRedirects: 0 });
      const headers = Object.fromEntries(
        Object.entries(response.headers).flatMap(([name, value]) =>
          value === undefined ? [] : [[name, Array.isArray(value) ? value.join(', ') : value]],
        ),
      );
      return { status: response.status, headers, body: response.body };
    } catch (error) {
      if (error instanceof OutboundRefusedError) throw new OutboundRequestRefused(error.message, error.detail);
      throw error;
    }
  };
}
